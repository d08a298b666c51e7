import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from '../../../shared/ui/snackbar';
import { Alert, Box, Button, Card, CardActions, CardContent, Chip, Grid, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import StarIcon from '@mui/icons-material/Star';
import type { EndpointRoute } from '../../../api/http-client';
import type { Paginated } from '@ops/contract/common/pagination';
import { addressInputSchema, contactInputSchema, type Address, type Contact } from '@ops/contract/records/records.schemas';
import { humaniseCode } from '../../../shared/humanise';
import { PageLoading } from '../../../shared/ui/PageLoading';
import { call, recordKeys, useRecordMutation } from '../records.queries';
import type { ModelPermissions } from '../permissions';
import { ADDRESS_FIELDS, CONTACT_FIELDS, EMPTY_ADDRESS } from './record-fields';
import { RowDialogs, useRowEditor } from './RowDialogs';
import { formValuesOf } from '../record-values';
import { SectionHeader } from './RecordDetailFrame';

export interface OwnedEndpoints {
  list: EndpointRoute;
  create: EndpointRoute;
  patch: EndpointRoute;
  delete: EndpointRoute;
  makePrimary: EndpointRoute;
}

export interface OwnedRecordsTabProps {
  kind: 'address' | 'contact';
  entity: string;
  ownerId: string;
  /** The path parameter naming the owner: `client_id`. */
  param: string;
  endpoints: OwnedEndpoints;
  permissions: ModelPermissions;
}

type Owned = (Address | Contact) & { id: string; is_primary: boolean };

function addressLines(address: Address): string[] {
  return [address.premise_address, address.street_address, [address.locality, address.state, address.postal_code].filter(Boolean).join(' '), address.country].filter(Boolean);
}

/**
 * A record's addresses or contacts: the primary one badged (per type for
 * contacts), make-primary, add, edit and delete (the API promotes the oldest
 * remaining one when the primary is deleted).
 */
export function OwnedRecordsTab({ kind, entity, ownerId, param, endpoints, permissions }: OwnedRecordsTabProps) {
  const { enqueueSnackbar } = useSnackbar();
  const isAddress = kind === 'address';
  const noun = isAddress ? 'address' : 'contact';
  const params = { [param]: ownerId };
  const items = useQuery({
    queryKey: recordKeys.related(entity, ownerId, isAddress ? 'addresses' : 'contacts'),
    queryFn: ({ signal }) => call<Paginated<Owned>>(endpoints.list, { params, query: { limit: '200' }, signal }),
  });
  const editor = useRowEditor<Owned>();
  const makePrimary = useRecordMutation((id: string) => call(endpoints.makePrimary, { params: { ...params, id } }));

  if (items.isPending) return <PageLoading />;
  if (items.isError) return <Alert severity="error">The {noun}es could not be loaded.</Alert>;
  const list = items.data.results;
  const title = isAddress ? 'Addresses' : 'Contacts';
  const fields = isAddress ? ADDRESS_FIELDS : CONTACT_FIELDS;

  return (
    <Box>
      <SectionHeader
        title={title}
        action={
          permissions.change && (
            <Button startIcon={<AddIcon />} variant="outlined" size="small" onClick={editor.add}>
              Add {noun}
            </Button>
          )
        }
      />
      {list.length === 0 ? (
        <Typography color="text.secondary">No {isAddress ? 'addresses' : 'contacts'} yet.</Typography>
      ) : (
        <Grid container spacing={2}>
          {list.map((item) => {
            const label = isAddress ? (item as Address).address_name : (item as Contact).contact_detail;
            return (
              <Grid key={item.id} size={{ xs: 12, md: 6 }}>
                <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column', borderColor: item.is_primary ? 'primary.main' : undefined }} aria-label={`${isAddress ? 'Address' : 'Contact'} ${label}`} role="group">
                  <CardContent sx={{ flexGrow: 1 }}>
                    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 0.5 }}>
                      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{label}</Typography>
                      <Chip size="small" variant="outlined" label={humaniseCode(isAddress ? (item as Address).purpose : (item as Contact).contact_type)} />
                      {item.is_primary && <Chip size="small" color="primary" icon={<StarIcon />} label="Primary" />}
                    </Stack>
                    {isAddress ? (
                      addressLines(item as Address).map((line) => (
                        <Typography key={line} variant="body2" color="text.secondary">
                          {line}
                        </Typography>
                      ))
                    ) : (
                      <Typography variant="body2" color="text.secondary">
                        {(item as Contact).description || ' '}
                      </Typography>
                    )}
                  </CardContent>
                  {(permissions.change || permissions.delete) && (
                    <CardActions>
                      {permissions.change && !item.is_primary && (
                        <Button
                          size="small"
                          disabled={makePrimary.isPending}
                          onClick={() =>
                            makePrimary.mutate(item.id, {
                              onSuccess: () => enqueueSnackbar(`${label} is now the primary ${noun}.`, { variant: 'success' }),
                              onError: (error) => enqueueSnackbar(error.message, { variant: 'error' }),
                            })
                          }
                        >
                          Make primary
                        </Button>
                      )}
                      {permissions.change && (
                        <Button size="small" onClick={() => editor.edit(item)}>
                          Edit
                        </Button>
                      )}
                      {permissions.change && (
                        <Button size="small" color="error" onClick={() => editor.remove(item)}>
                          Delete
                        </Button>
                      )}
                    </CardActions>
                  )}
                </Card>
              </Grid>
            );
          })}
        </Grid>
      )}
      <RowDialogs
        editor={editor}
        noun={noun}
        fields={fields}
        schema={isAddress ? addressInputSchema : contactInputSchema}
        valuesOf={(row) => formValuesOf(fields, row, isAddress ? { ...EMPTY_ADDRESS, address_name: '' } : { contact_type: 'EMAIL' })}
        endpoints={endpoints}
        params={params}
        what={(row) => `${noun} ${isAddress ? (row as Address).address_name : (row as Contact).contact_detail}`}
      />
    </Box>
  );
}
