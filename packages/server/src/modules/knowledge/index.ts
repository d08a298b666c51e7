// The knowledge module's public face (see records/index.ts).
export { knowledgePlugin } from './knowledge.plugin';
// Search everything finds articles (search-kinds.ts): the table it reads and who reads which article.
export { articles } from '../../db/schema/knowledge';
export { isPublished, readableThrough, readerPlaceColumns } from './knowledge.resource';
