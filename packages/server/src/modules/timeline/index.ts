// The timeline module's public face (see records/index.ts).
export { timelinePlugin } from './timeline.plugin';
