import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Controller, FormProvider, useFieldArray, useForm, useFormContext, useWatch, type FieldValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import AddIcon from '@mui/icons-material/Add';
import { ApiError } from '../../../api/http-client';
import { tagOf } from '../../../api/entity-tags';
import { conflictsOf, sameValue, settledValues, type FieldConflict, type Side } from './edit-conflict';
import { EditConflictPanel } from './EditConflictPanel';
import { flattenApiErrors } from '../../../shared/api-errors';
import { humaniseCode } from '../../../shared/humanise';
import { zodResolver } from '../../../shared/zod-resolver';
import { saveFailureText } from '../../../shared/save-failure';
import { useUnsavedChanges } from '../../../shared/ui/unsaved-changes';
import { RelationPicker } from '../../../shared/ui/list-page/RelationPicker';
import { ADDRESS_FIELDS, CONTACT_FIELDS, EMPTY_ADDRESS, toApiValues, type CustomInputProps, type FieldSpec } from './record-fields';

// The field spec type, the field lists and toApiValues live in record-fields.ts, so lists and tabs can use them without
// loading this dialog (and react-hook-form) before it opens.
export { ADDRESS_FIELDS, CONTACT_FIELDS, EMPTY_ADDRESS, toApiValues };
export type { CustomInputProps, FieldSpec };

type Values = Record<string, unknown>;

type InputField = Exclude<FieldSpec, { section: string }>;

const isInput = (spec: FieldSpec): spec is InputField => 'name' in spec;

export interface RecordFormDialogProps {
  title: string;
  fields: FieldSpec[];
  /** The contract's input schema of the call the form makes, or its loader (zod loads with the first check). */
  schema: z.ZodType | (() => Promise<z.ZodType>);
  defaultValues: Values;
  submitLabel?: string;
  /** Create forms of clients and legal entities take a first address and contacts. */
  nested?: { address?: boolean; contacts?: boolean };
  /** Saves; `ifMatch` is the entity tag of the record the values were settled against (edit forms). */
  onSubmit: (values: Values, ifMatch?: string) => Promise<unknown>;
  onSaved: (result: unknown) => void;
  onClose: () => void;
  /**
   * An edit form's record as it was loaded (its entity tag goes with every save) and how a record becomes
   * this form's values: when someone else saved it meanwhile (412), the form shows both versions field by field.
   */
  conflicts?: { record: unknown; valuesOf: (record: unknown) => Values };
}

/**
 * A create or edit form in a dialog: validated by the contract's zod schema
 * before sending, and the API's 400 answer shown on the fields it names
 * (nested ones too: `address.country`, `contacts.1.contact_type`).
 */
export function RecordFormDialog({ title, fields, schema, defaultValues, submitLabel = 'Save', nested = {}, onSubmit, onSaved, onClose, conflicts }: RecordFormDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  // Created once, as the dialog opens: the schema's code loads now, not at the first Save (which may come offline).
  const [base] = useState(() => zodResolver<FieldValues>(schema, { preload: true }));
  const resolver: Resolver<FieldValues> = async (values, context, options) => {
    const result = await base(toApiValues(fields, values, nested), context, options);
    // Valid: keep the form's own values; the submit handler converts them again.
    return Object.keys(result.errors).length ? result : { values, errors: {} };
  };
  const form = useForm<FieldValues>({ defaultValues: { withAddress: false, contacts: [], ...defaultValues }, resolver });
  const [formError, setFormError] = useState<string | null>(null);
  // The version the form's values are settled against: the loaded record's, then the one a conflict showed.
  // A ref: "Save with these choices" settles and submits in one event, before a re-render.
  const version = useRef({ tag: tagOf(conflicts?.record), values: { ...defaultValues } as Values });
  const [conflict, setConflict] = useState<{ theirs: Values; tag: string | undefined; fields: FieldConflict[]; choices: Partial<Record<string, Side>> } | null>(null);
  // Typed and not saved: Escape, Cancel, the backdrop, Back and links ask before it is thrown away.
  const { confirmClose, prompt } = useUnsavedChanges(form.formState.isDirty && !form.formState.isSubmitting, { onBack: onClose });
  const close = () => confirmClose(onClose);

  // After a refused save, the first field in error (or the form's own message) is brought into view:
  // a long form's problem may be far above or below where the user pressed Save.
  const content = useRef<HTMLDivElement>(null);
  // Counted requests, revealed in an effect: it runs after the commit that rendered the errors
  // (a frame callback alone could run before that commit on a busy machine and find no field).
  const [revealRequests, setRevealRequests] = useState(0);
  const revealFirstError = () => setRevealRequests((count) => count + 1);
  useEffect(() => {
    if (revealRequests === 0) return;
    const frame = requestAnimationFrame(() => {
      const target = content.current?.querySelector<HTMLElement>('[role="alert"], [aria-invalid="true"]');
      if (!target) return;
      target.scrollIntoView({ block: 'center' });
      if (target.matches('input, textarea, [role="combobox"]')) target.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [revealRequests]);

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await onSubmit(toApiValues(fields, values, nested), version.current.tag);
      onSaved(result);
    } catch (error) {
      if (error instanceof ApiError && error.status === 412 && conflicts) {
        const current = (error.body as { current?: unknown } | null)?.current;
        const theirs = conflicts.valuesOf(current);
        setConflict({ theirs, tag: tagOf(current), fields: conflictsOf(fields, version.current.values, theirs, form.getValues()), choices: {} });
        return;
      }
      if (!(error instanceof ApiError)) {
        setFormError(saveFailureText(error));
        revealFirstError();
        return;
      }
      const messages = error.status === 400 ? flattenApiErrors(error.body) : [];
      const known = new Set([...fields.filter(isInput).map((f) => f.name)]);
      const unplaced: string[] = [];
      for (const [path, message] of messages) {
        const top = path.split('.')[0]!;
        if (known.has(top) || (nested.address && top === 'address') || (nested.contacts && top === 'contacts')) form.setError(path, { type: 'server', message });
        else unplaced.push(path === 'non_field_errors' ? message : `${path}: ${message}`);
      }
      if (unplaced.length || !messages.length) setFormError(unplaced[0] ?? error.message);
      revealFirstError();
    }
  }, revealFirstError);
  // The schema's code may fail to load (offline before it arrived): said in the form, tried again on the next Save.
  const submitForm = (event?: FormEvent) =>
    void submit(event).catch((error: unknown) => {
      setFormError(saveFailureText(error));
      revealFirstError();
    });

  // The conflict settled: the form now starts from their version (so what differs from it counts as
  // unsaved), holds the chosen values, and saves against their version's tag.
  const settleConflict = () => {
    if (!conflict) return;
    const settled = settledValues(conflict.theirs, conflict.fields, conflict.choices);
    form.reset({ ...form.getValues(), ...conflict.theirs });
    for (const [name, value] of Object.entries(settled))
      if (!sameValue(value, conflict.theirs[name])) form.setValue(name, value, { shouldDirty: true });
    version.current = { tag: conflict.tag, values: conflict.theirs };
    setConflict(null);
  };

  return (
    <Dialog open onClose={close} fullScreen={fullScreen} maxWidth="md" fullWidth>
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={submitForm} aria-label={title} sx={{ display: 'contents' }}>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent dividers ref={content}>
            {formError && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {formError}
              </Alert>
            )}
            {conflict ? (
              <EditConflictPanel
                conflicts={conflict.fields}
                choices={conflict.choices}
                values={form.getValues()}
                onChoose={(name, side) => setConflict({ ...conflict, choices: { ...conflict.choices, [name]: side } })}
              />
            ) : (
              <>
                <FieldGridInputs fields={fields} />
                {nested.address && <NestedAddress />}
                {nested.contacts && <NestedContacts />}
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            {conflict ? (
              <>
                <Button onClick={settleConflict}>Back to the form</Button>
                <Button
                  variant="contained"
                  onClick={() => {
                    settleConflict();
                    submitForm();
                  }}
                >
                  Save with these choices
                </Button>
              </>
            ) : (
              <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? 'Saving…' : submitLabel}
              </Button>
            )}
          </DialogActions>
        </Box>
      </FormProvider>
      {prompt}
    </Dialog>
  );
}

function errorNodeAt(errors: unknown, path: string): unknown {
  let node: unknown = errors;
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Every message at or under an error node (react-hook-form nests them like the value). */
function messagesUnder(node: unknown): string[] {
  if (!node || typeof node !== 'object') return [];
  const own = (node as { message?: unknown }).message;
  const nested = Object.entries(node as Record<string, unknown>)
    .filter(([key]) => key !== 'ref' && key !== 'message' && key !== 'type' && key !== 'types')
    .flatMap(([, child]) => messagesUnder(child));
  return [...(typeof own === 'string' ? [own] : []), ...nested];
}

function errorAt(errors: unknown, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

export function FieldGridInputs({ fields, prefix = '' }: { fields: FieldSpec[]; prefix?: string }) {
  return (
    <Grid container spacing={2}>
      {fields.map((spec, index) =>
        isInput(spec) ? (
          <Grid key={spec.name} size={{ xs: 12, sm: spec.full || spec.kind === 'multiline' ? 12 : 6 }}>
            <FieldInput spec={spec} name={`${prefix}${spec.name}`} />
          </Grid>
        ) : (
          <Grid key={`section-${index}`} size={12}>
            {/* A section of the dialog, under its title (h2): h3, whatever its look (subtitle2 maps to h6). */}
            <Typography variant="subtitle2" component="h3" sx={{ mt: index ? 1 : 0, color: 'text.secondary', textTransform: 'uppercase', letterSpacing: 0.5 }}>
              {spec.section}
            </Typography>
          </Grid>
        ),
      )}
    </Grid>
  );
}

function FieldInput({ spec, name }: { spec: InputField; name: string }) {
  const { control, formState } = useFormContext();
  const values = useWatch({ control }) as Values;
  const error = errorAt(formState.errors, name);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => {
        if (spec.kind === 'custom') {
          const errorsAt = (path?: string) => messagesUnder(errorNodeAt(formState.errors, path ? `${name}.${path}` : name));
          const Input = spec.input;
          return <Input value={field.value} onChange={field.onChange} label={spec.label} errorsAt={errorsAt} />;
        }
        if (spec.kind === 'relation') {
          const source = typeof spec.source === 'function' ? spec.source(values) : spec.source;
          return (
            <RelationPicker
              source={source ?? undefined}
              disabled={!source}
              label={spec.label}
              multiple={spec.multiple}
              required={spec.required}
              value={(field.value as string | string[] | null | undefined) ?? (spec.multiple ? [] : null)}
              onChange={field.onChange}
              error={error}
              size="medium"
              exclude={spec.exclude}
            />
          );
        }
        if (spec.kind === 'boolean') {
          return <FormControlLabel control={<Checkbox checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} />} label={spec.label} />;
        }
        if (spec.kind === 'enum') {
          return (
            <TextField {...field} value={field.value ?? ''} select fullWidth label={spec.label} required={spec.required} error={Boolean(error)} helperText={error}>
              {(spec.emptyLabel !== undefined ? ['', ...spec.values] : spec.values).map((value) => (
                <MenuItem key={value} value={value}>
                  {value === '' ? <em>{spec.emptyLabel ?? 'None'}</em> : humaniseCode(value)}
                </MenuItem>
              ))}
            </TextField>
          );
        }
        const type = spec.kind === 'number' ? 'number' : spec.kind === 'date' ? 'date' : spec.kind === 'email' ? 'email' : spec.kind === 'url' ? 'url' : 'text';
        return (
          <TextField
            {...field}
            value={field.value ?? ''}
            fullWidth
            type={type}
            label={spec.label}
            required={spec.required}
            multiline={spec.kind === 'multiline'}
            minRows={spec.kind === 'multiline' ? 3 : undefined}
            error={Boolean(error)}
            helperText={error ?? ('helper' in spec ? spec.helper : undefined)}
            slotProps={spec.kind === 'date' ? { inputLabel: { shrink: true } } : spec.kind === 'decimal' ? { htmlInput: { inputMode: 'decimal' } } : undefined}
          />
        );
      }}
    />
  );
}

function NestedAddress() {
  const { control, setValue } = useFormContext();
  const withAddress = Boolean(useWatch({ control, name: 'withAddress' }));
  return (
    <Box sx={{ mt: 3 }}>
      <FormControlLabel
        control={
          <Checkbox
            checked={withAddress}
            onChange={(event) => {
              setValue('withAddress', event.target.checked);
              if (event.target.checked) setValue('address', { ...EMPTY_ADDRESS });
            }}
          />
        }
        label="Add an address"
      />
      {withAddress && (
        <Box sx={{ mt: 1 }}>
          <FieldGridInputs fields={ADDRESS_FIELDS} prefix="address." />
        </Box>
      )}
    </Box>
  );
}

function NestedContacts() {
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: 'contacts' });
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="subtitle2" component="h3" sx={{ color: 'text.secondary', textTransform: 'uppercase', letterSpacing: 0.5, mb: 1 }}>
        Contacts
      </Typography>
      <Stack spacing={2}>
        {fields.map((item, index) => (
          <Stack key={item.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }} role="group" aria-label={`Contact ${index + 1}`}>
            <Box sx={{ flexGrow: 1 }}>
              <FieldGridInputs fields={CONTACT_FIELDS.slice(0, 2)} prefix={`contacts.${index}.`} />
            </Box>
            <IconButton aria-label={`Remove contact ${index + 1}`} onClick={() => remove(index)} sx={{ mt: 1 }}>
              <DeleteOutlineIcon />
            </IconButton>
          </Stack>
        ))}
      </Stack>
      <Button startIcon={<AddIcon />} onClick={() => append({ contact_type: 'EMAIL', contact_detail: '', description: '' })} sx={{ mt: 1 }}>
        Add contact
      </Button>
    </Box>
  );
}

export function DialogNote({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      {children}
    </Typography>
  );
}
