import type { Cron } from 'croner';
import type { DbOrTx } from '../../platform/db';
import type { NotificationDraft, NotificationWriter } from '../notifications/index';
import { cronSchedule } from '../integrations/index';
import { createKnowledgeRepository } from './knowledge.repository';

/**
 * Tells the last editor of each article whose review date has passed (spec platform §14.2), once per
 * review date: the repository's one UPDATE marks them, so instances running it together never both
 * notify. The kind is `article_acknowledgement`, the preference kind for articles (§14.4).
 */
export async function runArticleReview(options: {
  transaction: <T>(work: (tx: DbOrTx) => Promise<T>) => Promise<T>;
  notifications: NotificationWriter;
  now?: Date;
}): Promise<number> {
  const today = (options.now ?? new Date()).toISOString().slice(0, 10);
  const { count, recorded } = await options.transaction(async (tx) => {
    const due = await createKnowledgeRepository(tx).dueForReview(today);
    const drafts: NotificationDraft[] = due.flatMap((article) =>
      article.updatedBy
        ? [
            {
              recipientId: article.updatedBy,
              actorId: null,
              verb: 'is due for review',
              kind: 'article_acknowledgement' as const,
              description: `The article "${article.title}" was due for review on ${article.reviewBy}`,
              level: 'warning' as const,
              target: { type: 'article', id: article.id, text: article.title },
              data: { article_id: article.id, review_by: article.reviewBy },
            },
          ]
        : [],
    );
    return { count: due.length, recorded: await options.notifications.record(tx, drafts) };
  });
  options.notifications.afterCommit(recorded);
  return count;
}

/** Runs the review reminders on a cron schedule (KNOWLEDGE_REVIEW_CRON, default daily at 07:00; `off` disables it). */
export function startArticleReview(
  options: Parameters<typeof runArticleReview>[0] & { expression: string; log: (line: string) => void },
): Cron | null {
  if (!options.expression || options.expression === 'off') return null;
  const job = cronSchedule(options.expression, async () => {
    try {
      const count = await runArticleReview(options);
      if (count) options.log(`Article review: ${count} editors reminded`);
    } catch (error) {
      options.log(`Article review failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  job.resume();
  return job;
}
