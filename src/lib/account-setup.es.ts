import type { AccountSetupStrings } from './account-setup';

/** Spanish, loaded only when Spanish is shown. */
const spanish: Record<keyof AccountSetupStrings, string> = {
  progress: '{{done}} de {{total}} hechos',
  'step.profile': 'Complete el perfil de la empresa (dirección y teléfono)',
  'step.currency': 'Elija la moneda base y la zona horaria',
  'step.team': 'Invite a un compañero',
  'step.contact': 'Añada su primer contacto',
};

export default spanish;
