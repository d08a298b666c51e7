import { humaniseField } from '../common/display-values';
import { clientSchema, costCentreSchema } from './records.schemas';

/**
 * Field labels of the client and cost-centre records as their forms show them: the field name made
 * readable, except where the form says more ("Parent client"). The server's timeline names changed
 * fields with these; the web app's forms are checked against them (record-labels.test.ts there).
 */
const OWN_LABELS = {
  client: { parent: 'Parent client', sub_industry: 'Sub-industry' },
  costcentre: { sub_industry: 'Sub-industry' },
} satisfies Record<string, Record<string, string>>;

const SCHEMAS = { client: clientSchema, costcentre: costCentreSchema };

export type LabelledModel = keyof typeof SCHEMAS;

/** Every field of a model's record with its label. */
export function recordFieldLabels(model: LabelledModel): Record<string, string> {
  const own: Record<string, string> = OWN_LABELS[model];
  return Object.fromEntries(Object.keys(SCHEMAS[model].shape).map((field) => [field, own[field] ?? humaniseField(field)]));
}
