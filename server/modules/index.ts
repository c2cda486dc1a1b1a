/**
 * Which modules each service serves. A service is a set of modules behind one prefix and one port.
 */
import type { ServiceName } from '../../src/shared/services.ts';
import type { ServiceModule } from '../http/build-service-app.ts';
import { sessionModule } from './iam/session/session-module.ts';
import { masterDataModule } from './master/master-data-module.ts';
import { referenceModule } from './master/reference-module.ts';
import { mailserverModule } from './mail/mailserver-module.ts';
import { accountRecoveryModule } from './iam/account-recovery/account-recovery-module.ts';
import { socialModule } from './iam/social/social-routes.ts';
import { customTokenModule } from './iam/firebase/custom-token-routes.ts';
import { iamResourcesModule } from './iam/iam-resources-module.ts';
import { logserverModule } from './log/logserver-module.ts';
import { notificationsModule } from './notifications/notifications-module.ts';
import { driveModule } from './drive/drive-module.ts';
import { sendMailModule } from './mail/send-mail-module.ts';
import { templatesModule } from './mail/templates/templates-module.ts';
import { contactsModule } from './contacts/contacts-module.ts';
import { reportsModule } from './reports/reports-module.ts';
import { shipmentsModule } from './shipments/shipments-module.ts';

export const SERVICE_MODULES: Record<ServiceName, ServiceModule[]> = {
  master: [referenceModule, masterDataModule],
  mailserver: [mailserverModule, sendMailModule, templatesModule],
  driveserver: [driveModule],
  iamserver: [
    sessionModule,
    accountRecoveryModule,
    socialModule,
    customTokenModule,
    iamResourcesModule,
    notificationsModule,
  ],
  contactserver: [contactsModule],
  shipmentserver: [shipmentsModule],
  reportserver: [reportsModule],
  logserver: [logserverModule],
};
