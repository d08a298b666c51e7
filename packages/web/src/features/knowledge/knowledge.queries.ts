import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { articleEndpoints, categoryEndpoints } from '../../api/endpoint-routes';
import { callEndpoint } from '../../api/http-client';

/**
 * The knowledge base's data (spec platform §14.2), keyed under `['knowledge', ...]` so a change
 * refreshes every list, page and suggestion by prefix. Readers see the published articles of their
 * audience; editors (article.change) every article.
 */
export const knowledgeKeys = {
  all: ['knowledge'] as const,
  categories: () => [...knowledgeKeys.all, 'categories'] as const,
  articles: (params: ArticleListParams) => [...knowledgeKeys.all, 'articles', params] as const,
  article: (id: string) => [...knowledgeKeys.all, 'article', id] as const,
  versions: (id: string) => [...knowledgeKeys.all, 'article', id, 'versions'] as const,
  acknowledgements: (id: string) => [...knowledgeKeys.all, 'article', id, 'acknowledgements'] as const,
  pending: () => [...knowledgeKeys.all, 'pending'] as const,
  suggestions: (q: string, costCentre: string | undefined) => [...knowledgeKeys.all, 'suggest', q, costCentre ?? null] as const,
};

export interface ArticleListParams {
  search?: string;
  category?: string;
  /** Only articles of this status (the reply box links published ones). */
  status?: 'PUBLISHED';
  limit: number;
  offset?: number;
}

export const categoriesQuery = () =>
  queryOptions({
    queryKey: knowledgeKeys.categories(),
    queryFn: ({ signal }) =>
      callEndpoint(categoryEndpoints.list, { query: { limit: '1000', ordering: 'position,name' }, signal }),
    staleTime: 60_000,
  });

export const articleListQuery = (params: ArticleListParams) =>
  queryOptions({
    queryKey: knowledgeKeys.articles(params),
    queryFn: ({ signal }) =>
      callEndpoint(articleEndpoints.list, {
        query: {
          search: params.search || undefined,
          filters:
            params.category || params.status
              ? JSON.stringify({
                  ...(params.category ? { category: params.category } : {}),
                  ...(params.status ? { status: params.status } : {}),
                })
              : undefined,
          limit: String(params.limit),
          offset: params.offset ? String(params.offset) : undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const articleQuery = (id: string) =>
  queryOptions({
    queryKey: knowledgeKeys.article(id),
    queryFn: ({ signal }) => callEndpoint(articleEndpoints.get, { params: { id }, signal }),
  });

export const articleVersionsQuery = (id: string) =>
  queryOptions({
    queryKey: knowledgeKeys.versions(id),
    queryFn: ({ signal }) => callEndpoint(articleEndpoints.versions, { params: { id }, signal }),
  });

export const acknowledgementsQuery = (id: string) =>
  queryOptions({
    queryKey: knowledgeKeys.acknowledgements(id),
    queryFn: ({ signal }) => callEndpoint(articleEndpoints.acknowledgements, { params: { id }, signal }),
  });

/** The articles waiting for the caller's acknowledgement (home's "waiting for your acknowledgement"). */
export const pendingAcknowledgementsQuery = () =>
  queryOptions({
    queryKey: knowledgeKeys.pending(),
    queryFn: ({ signal }) =>
      callEndpoint(articleEndpoints.pending, { query: { limit: '20', ordering: '-published_at' }, signal }),
  });

/** Whether one article waits for the caller's acknowledgement (its current version, not yet acknowledged). */
export const pendingForArticleQuery = (id: string) =>
  queryOptions({
    queryKey: [...knowledgeKeys.pending(), id] as const,
    queryFn: ({ signal }) =>
      callEndpoint(articleEndpoints.pending, { query: { filters: JSON.stringify({ id }), limit: '1' }, signal }),
  });

/** At most five articles for what is being typed (a ticket's title), at a site when one is chosen. */
export const suggestionsQuery = (q: string, costCentre?: string) =>
  queryOptions({
    queryKey: knowledgeKeys.suggestions(q, costCentre),
    queryFn: ({ signal }) => callEndpoint(articleEndpoints.suggest, { query: { q, cost_centre: costCentre }, signal }),
    enabled: q.trim().length >= 3,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

function useKnowledgeMutation<T, R>(run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => queryClient.invalidateQueries({ queryKey: knowledgeKeys.all }) });
}

export const useAcknowledgeArticle = () =>
  useKnowledgeMutation((id: string) => callEndpoint(articleEndpoints.acknowledge, { params: { id } }));
export const useRestoreVersion = () =>
  useKnowledgeMutation(({ id, version }: { id: string; version: number }) =>
    callEndpoint(articleEndpoints.restore, { params: { id, version: String(version) } }),
  );
export const useDeleteArticle = () =>
  useKnowledgeMutation((id: string) => callEndpoint(articleEndpoints.remove, { params: { id } }));

/** What the editor saves: the article's fields as the API takes them. */
export interface ArticleDraft {
  title: string;
  body: { type: 'doc'; content?: unknown[]; [key: string]: unknown };
  category: string | null;
  status: 'DRAFT' | 'PUBLISHED' | 'ARCHIVED';
  audience: { user_types: number[]; legal_entities: string[]; clients: string[]; cost_centres: string[] };
  review_by: string | null;
  acknowledgement_required: boolean;
}

export const useCreateArticle = () =>
  useKnowledgeMutation((draft: ArticleDraft) => callEndpoint(articleEndpoints.create, { body: draft }));
/** Saved against the article as the editor loaded it (If-Match): a 412 means someone else saved it since. */
export const useUpdateArticle = () =>
  useKnowledgeMutation(({ id, draft, ifMatch }: { id: string; draft: ArticleDraft; ifMatch?: string }) =>
    callEndpoint(articleEndpoints.put, { params: { id }, body: draft, ifMatch }),
  );

export const useSaveCategory = () =>
  useKnowledgeMutation(({ id, name, position }: { id?: string; name: string; position: number }) =>
    id
      ? callEndpoint(categoryEndpoints.patch, { params: { id }, body: { name, position } })
      : callEndpoint(categoryEndpoints.create, { body: { name, position } }),
  );
export const useDeleteCategory = () =>
  useKnowledgeMutation((id: string) => callEndpoint(categoryEndpoints.remove, { params: { id } }));

/** Uploads an image for an article's text (JPEG or PNG, checked by the server): answers its attachment id. */
export async function uploadArticleImage(articleId: string, file: File): Promise<string> {
  const form = new FormData();
  form.append('attachment', file, file.name);
  const attachment = await callEndpoint(articleEndpoints.uploadImage, { params: { article_id: articleId }, body: form });
  return attachment.id;
}

/** Where an image of an article is read (the API answers 404 to whoever may not read the article). */
export const articleImagePath = (articleId: string, attachment: string) =>
  articleEndpoints.downloadAttachment.path.replace('{article_id}', encodeURIComponent(articleId)).replace('{id}', encodeURIComponent(attachment));
