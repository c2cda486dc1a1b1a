export { RoleCreateScreen } from './role-editor';
