import type { Notification } from '@ops/contract/notifications/notifications.schemas';
import { humaniseCode } from './humanise';

export interface NotificationText {
  /** One sentence naming who did what to which object: the list's and the header menu's title. */
  headline: string;
  /** The detail worth reading under it (the message, the status move), or null. */
  summary: string | null;
}

const SUMMARY_LENGTH = 160;

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SUMMARY_LENGTH ? `${flat.slice(0, SUMMARY_LENGTH - 1).trimEnd()}…` : flat;
}

const dataText = (notification: Pick<Notification, 'data'>, key: string): string | null => {
  const value = notification.data?.[key];
  return typeof value === 'string' && value.trim() ? value : null;
};

/**
 * The text a notification is shown with, derived from its verb, actor, target
 * and data (the description is the server's full sentence; the headline is
 * built from the parts so that codes read as words and the target is quoted).
 */
export function notificationText(notification: Notification): NotificationText {
  const named = actorName(notification);
  const actor = named ?? 'Someone';
  const number = notification.data?.ticket_number;
  const quoted = notification.target ? `"${notification.target}"` : null;
  // Tickets are named by number too: `#1042 "Oven door stuck"`.
  const target =
    typeof number === 'number' && Number.isInteger(number) ? (quoted ? `#${number} ${quoted}` : `#${number}`) : quoted;
  const preview =
    dataText(notification, 'preview') ??
    (notification.action_object && notification.action_object !== '(no text)' ? notification.action_object : null);
  const summaryOf = (text: string | null) => (text ? clip(text) : null);

  switch (notification.verb) {
    case 'sent a message':
      return { headline: `${actor} sent a message${target ? ` on ${target}` : ''}`, summary: summaryOf(preview) };
    case 'assigned':
      return {
        // Routing assigns without an actor: the ticket is the subject then.
        headline: named
          ? `${named} assigned you${target ? ` ${target}` : ' a ticket'}`
          : `${target ?? 'A ticket'} was assigned to you`,
        summary: summaryOf(priorityLine(notification)),
      };
    case 'changed status': {
      const from = dataText(notification, 'from_status');
      const to = dataText(notification, 'to_status');
      const headline = `${actor} changed the status${target ? ` of ${target}` : ''}${to ? ` to ${humaniseCode(to)}` : ''}`;
      return {
        headline,
        summary: from && to ? `${humaniseCode(from)} → ${humaniseCode(to)}` : summaryOf(notification.description),
      };
    }
    case 'created': {
      const type = dataText(notification, 'ticket_type');
      const kind = type ? humaniseCode(type).toLowerCase() : 'ticket';
      return {
        headline: `${actor} raised a${/^[aeiou]/.test(kind) ? 'n' : ''} ${kind}${target ? `: ${target}` : ''}`,
        summary: summaryOf(preview),
      };
    }
    default: {
      // Notifications from elsewhere (integrations, imports): the description is the best sentence there is.
      const parts = `${actorName(notification) ? `${actor} ` : ''}${notification.verb}${target ? ` ${target}` : ''}`;
      if (notification.description) return { headline: clip(notification.description), summary: summaryOf(preview) };
      return { headline: parts, summary: summaryOf(preview) };
    }
  }
}

/** How the server's descriptions continue after the actor's name, by verb. */
const DESCRIPTION_VERBS: Record<string, string> = {
  'sent a message': ' sent a message',
  assigned: ' assigned ',
  'changed status': ' changed the status',
  created: ' raised ',
};

/**
 * The actor's display name. The payload references the actor by id only
 * (references.actor.name is the model, "user"); the description opens with the
 * name, so it is read from there.
 */
function actorName(notification: Notification): string | null {
  // No actor (routing, imports): the description opens with something else, never a name.
  if (!notification.references.actor) return null;
  const named = dataText(notification, 'actor_name');
  if (named) return named;
  const phrase = DESCRIPTION_VERBS[notification.verb] ?? ` ${notification.verb}`;
  const at = notification.description?.indexOf(phrase) ?? -1;
  return at > 0 ? notification.description!.slice(0, at).trim() : null;
}

function priorityLine(notification: Notification): string | null {
  const priority = dataText(notification, 'priority');
  return priority ? `Priority: ${humaniseCode(priority)}` : null;
}
