/** The words of a picture waiting in the outbox (the avatar, the logo): its marking and its refusals. */
import { defineStrings } from '../i18n/define-strings';

export const { useT: usePictureT, t: pictureT } = defineStrings(
  'picture',
  {
    waiting: 'Waiting to be sent',
    notSent: 'Not sent',
    queueFull:
      'This device has no room for more files waiting to be sent ({{used}} of {{limit}}). Connect to send the waiting ones first.',
    'label.avatar': 'Your picture',
    'label.logo': 'Company logo',
  },
  {
    waiting: 'Pendiente de envío',
    notSent: 'No enviado',
    queueFull:
      'Este dispositivo no tiene sitio para más archivos pendientes de envío ({{used}} de {{limit}}). Conéctese para enviar antes los pendientes.',
    'label.avatar': 'Su imagen',
    'label.logo': 'Logotipo de la empresa',
  },
);
