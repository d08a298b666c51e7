export { auditPlugin } from './audit.plugin';
