import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteCheckTemplateChanges } from '@ops/contract/sitechecks/sitechecks';
import type { AuthUser } from '../../platform/auth';
import fp from 'fastify-plugin';
import type { Cron } from 'croner';
import {
  siteCheckAnswerInputSchema,
  siteCheckRunEndpoints as runs,
  siteCheckScheduleEndpoints as schedules,
  siteCheckTemplateEndpoints as templates,
  siteCheckEvidenceEndpoints as evidence,
} from '@ops/contract/sitechecks/sitechecks';
import { ERROR_MESSAGES } from '@ops/contract/common/errors';
import { route } from '../../platform/route';
import { conditionalOf, conditionalWrite, tagOf } from '../../platform/conditional';
import { parseFormFields, receiveMultipart, type FileRule } from '../../platform/multipart';
import { CONTENT_TYPES, contentDisposition } from '../../platform/file-types';
import { listRequestOf } from '../../list-query/list-request';
import { cronSchedule } from '../integrations/index';
import { createSiteChecksService, type SiteChecksDeps } from './sitechecks.service';

/** What a PHOTO or SIGNATURE answer may be: an image, checked by content like attachments are. */
const photoRule = (maxBytes: number): FileRule => ({ maxBytes, types: ['jpeg', 'png'], typeMessage: ERROR_MESSAGES.image });

/**
 * Site checks (spec platform §14.1): templates, schedules, runs, answers, compliance, and the
 * background job that keeps runs 24 hours ahead and marks runs past their window MISSED
 * (SITECHECKS_CRON, default every minute; `off` disables it).
 */
export interface SiteChecksPluginOptions {
  /** Told of failed and missed runs inside their transactions (app.ts hands in automations' events). */
  events?: SiteChecksDeps['events'];
}

export const siteChecksPlugin = fp(
  async (app: FastifyInstance, options: SiteChecksPluginOptions) => {
    const { db } = app.database;
    const service = createSiteChecksService({
      db,
      holders: app.permissionHolders,
      notifications: app.notifications.writer,
      tickets: app.helpdesk,
      storage: app.storage,
      log: app.log,
      events: options.events,
    });
    app.decorate('siteChecks', service);
    const fileRule = photoRule(app.config.maxUploadBytes);

    route(app, templates.list, async ({ request, query }) => service.templates.list(await listRequestOf(request, query)));
    route(app, templates.create, ({ body }) => service.templates.create(body));
    // Conditional writes (spec platform §14.6): a template's and a schedule's detail answers its ETag (from
    // the row's row_version); a write whose If-Match no longer holds answers 412 with the record as it is now.
    route(app, templates.get, ({ params, reply }) => service.templates.get(params.id, tagOf(reply)));
    const updateTemplate = ({
      request,
      reply,
      params,
      body,
    }: {
      request: FastifyRequest;
      reply: FastifyReply;
      params: { id: string };
      body: SiteCheckTemplateChanges;
    }) =>
      conditionalWrite(
        () => service.templates.update(params.id, body, conditionalOf(request, reply)),
        () => service.templates.get(params.id, tagOf(reply)),
      );
    route(app, templates.put, updateTemplate);
    route(app, templates.patch, updateTemplate);
    route(app, templates.remove, ({ request, reply, params }) =>
      conditionalWrite(
        () => service.templates.remove(params.id, conditionalOf(request, reply)),
        () => service.templates.get(params.id, tagOf(reply)),
      ),
    );

    route(app, schedules.list, async ({ request, query }) => service.schedules.list(await listRequestOf(request, query)));
    route(app, schedules.create, ({ user, body }) => service.schedules.create(user, body));
    route(app, schedules.get, ({ user, params, reply }) => service.schedules.get(user, params.id, tagOf(reply)));
    const currentSchedule = (user: AuthUser, id: string, reply: FastifyReply) => () =>
      service.schedules.get(user, id, tagOf(reply));
    route(app, schedules.put, ({ request, reply, user, params, body }) =>
      conditionalWrite(
        () => service.schedules.put(user, params.id, body, conditionalOf(request, reply)),
        currentSchedule(user, params.id, reply),
      ),
    );
    route(app, schedules.patch, ({ request, reply, user, params, body }) =>
      conditionalWrite(
        () => service.schedules.patch(user, params.id, body, conditionalOf(request, reply)),
        currentSchedule(user, params.id, reply),
      ),
    );
    route(app, schedules.remove, ({ request, reply, user, params }) =>
      conditionalWrite(
        () => service.schedules.remove(user, params.id, conditionalOf(request, reply)),
        currentSchedule(user, params.id, reply),
      ),
    );

    route(app, runs.list, async ({ request, query }) => service.runs.list(await listRequestOf(request, query)));
    route(app, runs.create, ({ user, body }) => service.runs.create(user, body));
    route(app, runs.get, ({ user, params }) => service.runs.get(user, params.id));
    route(app, runs.answer, async ({ request, user, params }) => {
      const upload = request.isMultipart()
        ? await receiveMultipart(request, app.config.tempDir, (field) => (field === 'file' ? fileRule : undefined))
        : null;
      try {
        const fields = upload?.fields ?? (request.body as Record<string, unknown> | undefined) ?? {};
        const input = parseFormFields(siteCheckAnswerInputSchema, fields);
        return await service.runs.answer(user, params.id, input, upload?.files[0] ?? null);
      } finally {
        await upload?.cleanup();
      }
    });
    route(app, runs.complete, ({ user, params }) => service.runs.complete(user, params.id));
    route(app, runs.compliance, ({ user, query }) => service.runs.compliance(user, query));
    route(app, runs.photo, async ({ reply, user, params }) => {
      const file = await service.photo(user, params.id, params.photo);
      return reply
        .header('Content-Type', CONTENT_TYPES[file.type])
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', contentDisposition(file.fileName, 'inline'))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(file.stream);
    });
    route(app, evidence.today, ({ user }) => service.today(user));
    route(app, evidence.report, ({ user, params, query }) => service.report(user, params.id, query));

    const expression = process.env.SITECHECKS_CRON ?? '* * * * *';
    let job: Cron | null = null;
    app.addHook('onReady', async () => {
      if (!expression || expression === 'off') return;
      job = cronSchedule(expression, async () => {
        try {
          const extended = await service.extendRunsWhenDue();
          const missed = await service.missRuns();
          if (extended.runs || missed) app.log.info(`site checks: ${extended.runs} runs ahead, ${missed} missed`);
        } catch (error) {
          app.log.warn({ err: error }, 'site checks job failed');
        }
      });
      job.resume();
    });
    app.addHook('onClose', async () => job?.stop());
  },
  { name: 'sitechecks', dependencies: ['identity', 'notifications', 'helpdesk'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Site checks, for the background job and tests. */
    siteChecks: ReturnType<typeof createSiteChecksService>;
  }
}
