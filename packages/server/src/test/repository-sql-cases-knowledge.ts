// Checked-in SQL cases of the knowledge base (see repository-sql-cases.ts).
import { sql } from 'drizzle-orm';
import { createKnowledgeRepository } from '../modules/knowledge/knowledge.repository';
import { readableBy } from '../modules/knowledge/knowledge.resource';
import { vocabularyLookup } from '../modules/search/search-vocabulary';
import { at, sqlFactory, type F } from './repository-sql-fixture';

export const knowledge = [
  sqlFactory('knowledge/knowledge.repository.ts', 'createKnowledgeRepository', createKnowledgeRepository, {
    categoriesByIds: (r, f: F) => r.categoriesByIds([f.none]),
    findCategory: (r, f: F) => r.findCategory(f.none),
    insertCategory: (r) => r.insertCategory({ name: 'SQL snapshot', position: 0 }),
    updateCategory: (r, f: F) => r.updateCategory(f.none, { name: 'Renamed', updatedAt: at }),
    removeCategory: (r, f: F) => r.removeCategory(f.none),
    articleViews: [(r, f: F) => r.articleViews([f.none]), (r, f: F) => r.articleViews([f.none], true)],
    findArticle: [(r, f: F) => r.findArticle(f.none), (r, f: F) => r.findArticle(f.none, readableBy(f.viewer), true)],
    insertArticle: (r, f: F) => r.insertArticle({ title: 'SQL snapshot', body: { type: 'doc' }, bodyText: '', updatedBy: f.user }),
    updateArticle: (r, f: F) => r.updateArticle(f.none, { title: 'Renamed', currentVersion: 2, updatedAt: at }),
    removeArticle: (r, f: F) => r.removeArticle(f.none),
    insertAttachment: (r, f: F) =>
      r.insertAttachment({ id: f.none, articleId: f.none, storageKey: 'knowledge/articles/x/y.png', fileName: 'y.png', fileType: 'png', size: 1, uploadedById: f.user, uploadedAt: at }),
    findAttachment: (r, f: F) => r.findAttachment(f.none, f.none),
    attachmentIdsOf: (r, f: F) => r.attachmentIdsOf(f.none, [f.none]),
    attachmentKeysOf: (r, f: F) => r.attachmentKeysOf(f.none),
    insertVersion: (r, f: F) => r.insertVersion({ articleId: f.none, version: 1, title: 'SQL snapshot', body: {}, editedBy: f.user, at }),
    versions: (r, f: F) => r.versions(f.none),
    findVersion: (r, f: F) => r.findVersion(f.none, 1),
    missingPlaces: (r, f: F) => r.missingPlaces({ legalEntities: [f.legalEntity], clients: [f.client], costCentres: [f.costCentre] }),
    acknowledge: (r, f: F) => r.acknowledge(f.none, f.user, 1),
    acknowledged: (r, f: F) => r.acknowledged(f.none, 1),
    pending: (r, f: F) => r.pending(f.none, 1),
    suggest: [
      (r, f: F) => r.suggest('dishwahser broken', vocabularyLookup('dishwahser broken'), readableBy(f.viewer), 5),
      (r) => r.suggest('#12', vocabularyLookup('#12'), sql`true`, 5),
    ],
    recordOpen: (r, f: F) => r.recordOpen(f.none, f.user, f.none),
    dueForReview: (r) => r.dueForReview('2026-01-01'),
  }),
];
