/** The dashboard's shipment widgets, loaded as one chunk (dashboard-screen.tsx): whoever sees one sees both. */
export { default as ShipmentsWidget } from './shipments-widget';
export { default as AttentionWidget } from './attention-widget';
