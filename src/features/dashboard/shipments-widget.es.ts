/** The dashboard's shipments row in Spanish, loaded only when Spanish is shown. */
export default {
  title: 'Envíos',
  open: 'Envíos abiertos',
  week: 'Esta semana, del {{from}} al {{to}}',
  departures: 'Salidas',
  arrivals: 'Llegadas',
  'status.draft': 'Borrador',
  'status.booked': 'Reservado',
  'status.in-transit': 'En tránsito',
  'status.arrived': 'Llegado',
  'status.delivered': 'Entregado',
};
