import type { Readable } from 'node:stream';
import { notFound } from '../../platform/errors';
import type { ReceivedFile } from '../../platform/multipart';
import type { AuthUser } from '../identity/index';
import type { AttachmentRow, AttachmentView } from './helpdesk.repository';
import type { AttachmentParent, HelpdeskServiceDeps, TicketScope } from './helpdesk-service-deps';
import type { TicketAccess } from './ticket-access';
import type { AttachmentFiles } from '../../platform/attachment-files';
import { HELPDESK_ERRORS } from './helpdesk.errors';

/** The help desk service's attachment calls: upload, read, open and delete, each checked against the scope. */
export function createTicketAttachments(
  deps: Pick<HelpdeskServiceDeps, 'repository' | 'storage' | 'transaction'>,
  { parentTicket }: Pick<TicketAccess, 'parentTicket'>,
  files: AttachmentFiles,
) {
  const { repository, storage } = deps;
  return {
    /** Access check for a parent's attachment list. */
    async checkAttachmentParent(scope: TicketScope, parent: AttachmentParent): Promise<void> {
      await parentTicket(scope, parent);
    },

    async uploadAttachment(
      actor: AuthUser,
      scope: TicketScope,
      parent: AttachmentParent,
      file: ReceivedFile,
    ): Promise<AttachmentView> {
      const { ticket, conversationId } = await parentTicket(scope, parent);
      const prefix = conversationId
        ? `helpdesk/tickets/${ticket.id}/conversations/${conversationId}`
        : `helpdesk/tickets/${ticket.id}`;
      const staged = await files.stage(prefix, [file], { ticketId: ticket.id, conversationId, uploadedById: actor.id });
      return staged.keptIf(
        deps.transaction(async (repo) => {
          await repo.insertAttachments(staged.rows);
          const [view] = await repo.attachmentViews([staged.rows[0]!.id]);
          return view!;
        }),
      );
    },

    async getAttachment(scope: TicketScope, parent: AttachmentParent, id: string): Promise<AttachmentView> {
      await parentTicket(scope, parent);
      const row = await repository.findAttachment(id, parent);
      if (!row) throw notFound();
      const [view] = await repository.attachmentViews([row.id]);
      return view!;
    },

    /** Requesters delete only files they uploaded themselves; staff (with delete permission) any. */
    async deleteAttachment(actor: AuthUser, scope: TicketScope, parent: AttachmentParent, id: string): Promise<void> {
      await parentTicket(scope, parent);
      const row = await repository.findAttachment(id, parent);
      if (!row) throw notFound();
      if (scope.kind === 'own' && row.uploadedById !== actor.id)
        throw HELPDESK_ERRORS.error('NOT_YOUR_ATTACHMENT');
      await repository.deleteAttachment(id);
      await files.remove([row.storageKey]);
    },

    async openAttachment(
      scope: TicketScope,
      parent: AttachmentParent,
      id: string,
    ): Promise<{ row: AttachmentRow; stream: Readable; size: number }> {
      await parentTicket(scope, parent);
      const row = await repository.findAttachment(id, parent);
      if (!row) throw notFound();
      try {
        const { stream, size } = await storage.read(row.storageKey);
        return { row, stream, size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw HELPDESK_ERRORS.error('ATTACHMENT_FILE_MISSING');
        throw error;
      }
    },
  };
}
