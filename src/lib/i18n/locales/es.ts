import type { MessageKey } from './en';

/**
 * Spanish, a lazy chunk. Every key of en.ts is required; plural strings add `_many`, which Spanish's
 * plural rules use for round millions.
 */
export const es: Record<MessageKey, string> & Record<string, string> = {
  'common.loading': 'Cargando…',
  'common.backToSignIn': 'Volver a iniciar sesión',
  'common.email': 'Correo electrónico',
  'common.password': 'Contraseña',
  'common.reload': 'Recargar',
  'common.close': 'Cerrar',
  'common.loadingPage': 'Cargando la página',
  'common.language': 'Idioma',

  'brand.tagline': 'Cada envío, cotización y cliente en un solo escritorio.',
  'brand.body': 'Freight Desk mantiene a su equipo de transitarios al compás: oficinas, almacenes y carretera.',
  'brand.isolation': 'Los datos de su empresa son solo suyos: la propia base de datos separa cada empresa.',

  'login.title': 'Iniciar sesión',
  'login.subtitle': 'Hola de nuevo. Inicie sesión en el escritorio de su empresa.',
  'login.submit': 'Iniciar sesión',
  'login.google': 'Continuar con Google',
  'login.forgot': '¿Olvidó su contraseña?',
  'login.passwordSet': 'Su contraseña está lista. Inicie sesión con ella.',
  'login.missingFields': 'Introduzca su correo electrónico y su contraseña.',
  'login.resetTitle': 'Restablecer la contraseña',
  'login.resetSubtitle': 'Le enviaremos un enlace para elegir una contraseña nueva.',

  'forgot.intro':
    'Introduzca el correo electrónico de su cuenta y le enviaremos un enlace para elegir una contraseña nueva.',
  'forgot.submit': 'Enviar enlace',
  'forgot.missingEmail': 'Introduzca su correo electrónico.',
  'forgot.invalidEmail': 'Introduzca un correo electrónico válido.',
  'forgot.sent':
    'Si existe una cuenta con este correo, le hemos enviado un enlace para restablecer la contraseña. Revise su bandeja de entrada.',

  'twoFactor.form': 'Código de verificación en dos pasos',
  'twoFactor.intro': 'Le enviamos un código de 6 cifras a su correo. Introdúzcalo para terminar de iniciar sesión.',
  'twoFactor.code': 'Código de verificación',
  'twoFactor.submit': 'Verificar',
  'twoFactor.invalidCode': 'Introduzca el código de 6 cifras del correo.',

  'signInError.invalidCredentials': 'El correo electrónico o la contraseña no son correctos.',
  'signInError.tooManyIn_one': 'Demasiados intentos. Vuelva a intentarlo en {{count}} segundo.',
  'signInError.tooManyIn_many': 'Demasiados intentos. Vuelva a intentarlo en {{count}} segundos.',
  'signInError.tooManyIn_other': 'Demasiados intentos. Vuelva a intentarlo en {{count}} segundos.',
  'signInError.tooMany': 'Demasiados intentos. Vuelva a intentarlo más tarde.',
  'signInError.validation': 'Revise el correo electrónico y la contraseña y vuelva a intentarlo.',
  'signInError.linkInvalid': 'Este código o enlace ya no es válido.',
  'signInError.offline': 'No se puede conectar con el servidor. Revise su conexión y vuelva a intentarlo.',
  'signInError.generic': 'Algo salió mal. Vuelva a intentarlo.',

  'social.signingIn': 'Iniciando sesión…',
  'social.failed': 'No se pudo iniciar sesión con su cuenta social. Vuelva a intentarlo.',

  'notFound.title': 'Página no encontrada',
  'notFound.body': 'No hay nada en esta dirección.',
  'notFound.home': 'Ir al panel',

  'routeError.title': 'Algo salió mal',
  'routeError.body': 'No se pudo mostrar esta pantalla. Recargar suele ayudar.',
  'routeError.bodyStatus': 'No se pudo mostrar esta pantalla (estado {{status}}).',

  'banner.unverifiedEmail': 'Verifique su correo electrónico para activar su cuenta.',
  'banner.subscriptionExpired': 'Su suscripción ha caducado. Póngase en contacto con el equipo de soporte.',
  'banner.resend': 'Reenviar el correo',
  'banner.resent': 'Se ha enviado un nuevo correo de verificación a {{email}}.',
  'banner.contactSupport': 'Contactar con soporte',
};
