import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { articleEndpoints as article, categoryEndpoints as category } from '@ops/contract/knowledge/knowledge.endpoints';
import { ARTICLE_IMAGE_TYPES_MESSAGE, type ArticleChanges } from '@ops/contract/knowledge/knowledge.schemas';
import type { Attachment } from '@ops/contract/helpdesk/helpdesk.schemas';
import { sendAttachmentFile } from '../../platform/attachment-files';
import { CONTENT_TYPES, type DetectedType } from '../../platform/file-types';
import { receiveMultipart, type FileRule } from '../../platform/multipart';
import { publicUrlOf } from '../../platform/public-url';
import type { ArticleAttachmentRow } from './knowledge.repository';
import { KNOWLEDGE_ERRORS } from './knowledge.errors';
import { route, type RequestAuth } from '../../platform/route';
import { conditionalOf, conditionalWrite, tagOf } from '../../platform/conditional';
import { listRequestOf } from '../../list-query/list-request';
import { createKnowledgeService, type Reader } from './knowledge.service';
import { startArticleReview } from './knowledge-review';

/** The knowledge base (spec platform §14.2): categories, articles, versions, acknowledgements and suggestions. */
export const knowledgePlugin = fp(
  async (app: FastifyInstance) => {
    const { db } = app.database;
    const knowledge = createKnowledgeService({ db, storage: app.storage, log: app.log });
    const readerOf = async (auth: RequestAuth): Promise<Reader> => ({ user: auth.user, editor: await auth.hasPermission('article', 'change') });

    route(app, category.list, async ({ request, query }) => knowledge.listCategories(await listRequestOf(request, query)));
    route(app, category.create, ({ body }) => knowledge.createCategory(body));
    route(app, category.get, ({ params }) => knowledge.getCategory(params.id));
    route(app, category.put, ({ params, body }) => knowledge.updateCategory(params.id, body));
    route(app, category.patch, ({ params, body }) => knowledge.updateCategory(params.id, body));
    route(app, category.remove, ({ params }) => knowledge.removeCategory(params.id));

    route(app, article.list, async ({ request, query, auth }) => knowledge.list(await readerOf(auth), await listRequestOf(request, query)));
    route(app, article.create, ({ user, body }) => knowledge.create(user, body));
    // Conditional writes (platform.md 14.6): the detail answers its ETag; a write whose If-Match no longer
    // holds answers 412 with the article as the detail shows it now.
    const detail = async (auth: RequestAuth, id: string, reply: FastifyReply) => knowledge.get(await readerOf(auth), id, tagOf(reply));
    route(app, article.get, ({ auth, params, reply }) => detail(auth, params.id, reply));
    const update = ({ request, reply, auth, params, body }: { request: FastifyRequest; reply: FastifyReply; auth: RequestAuth; params: { id: string }; body: ArticleChanges }) => {
      const condition = conditionalOf(request, reply);
      return conditionalWrite(() => knowledge.update(auth.user, params.id, body, condition), () => detail(auth, params.id, reply));
    };
    route(app, article.put, update);
    route(app, article.patch, update);
    route(app, article.remove, ({ request, reply, auth, params }) => {
      const condition = conditionalOf(request, reply);
      return conditionalWrite(() => knowledge.remove(params.id, condition), () => detail(auth, params.id, reply));
    });
    route(app, article.versions, ({ params }) => knowledge.versions(params.id));
    route(app, article.restore, ({ user, params }) => knowledge.restore(user, params.id, params.version));
    route(app, article.acknowledge, async ({ auth, params }) => knowledge.acknowledge(await readerOf(auth), params.id));
    route(app, article.acknowledgements, ({ params }) => knowledge.acknowledgements(params.id));
    route(app, article.pending, async ({ request, query, auth }) => knowledge.pending(await readerOf(auth), await listRequestOf(request, query)));
    route(app, article.opened, async ({ auth, params, body }) => knowledge.opened(await readerOf(auth), params.id, body.session));
    // Images in an article's text: uploaded like a ticket's attachments (receiveMultipart: type from
    // the content, the same size limit; a refused file leaves nothing behind), images only.
    const imageRule: FileRule = { maxBytes: app.config.maxUploadBytes, types: ['jpeg', 'png'], typeMessage: ARTICLE_IMAGE_TYPES_MESSAGE };
    const serializeImage = (row: ArticleAttachmentRow, uploader: { id: string; firstName: string; lastName: string }): Attachment => ({
      id: row.id,
      attachment: publicUrlOf(app, article.downloadAttachment.path.replace('{article_id}', row.articleId).replace('{id}', row.id)),
      file_name: row.fileName,
      content_type: CONTENT_TYPES[row.fileType as DetectedType],
      size: row.size,
      uploaded_by: { id: uploader.id, full_name: `${uploader.firstName} ${uploader.lastName}`.trim() },
      uploaded_at: row.uploadedAt.toISOString(),
    });
    route(app, article.uploadImage, async ({ request, user, params }) => {
      await knowledge.checkArticle(params.article_id);
      const upload = await receiveMultipart(request, app.config.tempDir, (field) => (field === 'attachment' ? imageRule : undefined));
      try {
        if (upload.files.length === 0) throw KNOWLEDGE_ERRORS.onField('attachment', 'NO_FILE');
        if (upload.files.length > 1) throw KNOWLEDGE_ERRORS.onField('attachment', 'ONE_FILE_PER_REQUEST');
        return serializeImage(await knowledge.uploadImage(user, params.article_id, upload.files[0]!), user);
      } finally {
        await upload.cleanup();
      }
    });
    route(app, article.downloadAttachment, async ({ reply, auth, params }) => {
      const { row, stream, size } = await knowledge.openImage(await readerOf(auth), params.article_id, params.id);
      return sendAttachmentFile(reply, { fileType: row.fileType, fileName: row.fileName, stream, size });
    });
    route(app, article.suggest, async ({ auth, query }) => ({ results: await knowledge.suggest(await readerOf(auth), query.q, query.cost_centre) }));

    const expression = process.env.KNOWLEDGE_REVIEW_CRON ?? '0 7 * * *';
    let job: ReturnType<typeof startArticleReview> = null;
    app.addHook('onReady', async () => {
      job = startArticleReview({
        expression,
        transaction: (work) => db.transaction((tx) => work(tx)),
        notifications: app.notifications.writer,
        log: (line) => app.log.info(line),
      });
    });
    app.addHook('onClose', async () => job?.stop());
  },
  { name: 'knowledge', dependencies: ['notifications'] },
);
