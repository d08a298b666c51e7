// The search module's public face (see records/index.ts): the vocabulary of searchable words, so
// another module's own word search (knowledge suggestions) corrects typos as search everything does.
export { vocabularyLookup, wordCorrections, type VocabularyLookup } from './search-vocabulary';
