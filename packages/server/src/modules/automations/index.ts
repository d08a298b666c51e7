// The automations module's public face (see records/index.ts).
export { automationsPlugin } from './automations.plugin';
