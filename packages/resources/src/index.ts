/**
 * @module @gatehouse/resources
 * Public API: the store (schema, drivers), the command side, the query side and the Fastify plugin.
 */

export { type ApplyOutcome, applyCatalog } from './commands/apply-catalog.js';
export { applyCommand } from './commands/apply-command.js';
export { applyReport } from './commands/apply-report.js';
export type { Catalog, CatalogEdge, CatalogResource, Relationship } from './commands/catalog-payload.js';
export { CATALOG_VERSIONS, readCatalog } from './commands/catalog-payload.js';
export type { CommandPeerListener, CommandPeers, CommandSignal } from './commands/command-peers.js';
export {
  type AttemptError,
  type DeadLetter,
  dropDeadLetters,
  listDeadLetters,
  type QueueStats,
  queueStats,
  retryDeadLetters,
} from './commands/command-queue.js';
export { type Command, type CommandName, readCommand, SUPPORTED_VERSIONS } from './commands/envelope.js';
export { COMMAND_ERROR_STATUSES, CommandError, type CommandErrorCode } from './commands/errors.js';
export {
  CommandProcessor,
  type ProcessorOptions,
  type Submission,
  type SubmitOptions,
} from './commands/processor.js';
export { type Report, type ReportEvent, readReport } from './commands/report-payload.js';
export type { SettledCommand } from './commands/settled-command.js';
export { ResourcesError } from './errors.js';
export {
  type ImportOptions,
  type ImportProgress,
  type ImportSummary,
  importCatalogs,
  listCatalogFiles,
  readCatalogFile,
} from './import/import-catalogs.js';
export {
  collectGarbage,
  expireNodes,
  type GcOptions,
  type GcResult,
  type GcTimer,
  purgeNodes,
  startGc,
} from './lifecycle/gc.js';
export { deleteOldReports } from './lifecycle/report-ttl.js';
export { type Logger, silentLogger } from './logger.js';
export { CommandFigures, type Meter, type Timer } from './metrics/command-figures.js';
export { type Attributes, type FigureSources, jolokiaList, jolokiaRead } from './metrics/jolokia.js';
export { registerJolokiaRoutes } from './metrics/jolokia-routes.js';
export { type Population, population } from './metrics/population.js';
export { defaults, type ResourcesPluginOptions } from './options.js';
export { type ResourcesRuntime, resourcesPlugin } from './plugin.js';
export type { AstNode, AstNodeKind, TopLevelQuery } from './query/ast/ast-node.js';
export type { ComparisonNode, ComparisonOperator, JsonValue } from './query/ast/comparison.js';
export type { Entity } from './query/ast/entity.js';
export type { ExtractNode } from './query/ast/extract.js';
export type { FieldNode } from './query/ast/field.js';
export type { NodeState } from './query/ast/node-state.js';
export type { QueryNode } from './query/ast/query-node.js';
export {
  type CompiledEntityQuery,
  type CompiledQuery,
  type CompileOptions,
  compileQuery,
} from './query/compile-query.js';
export { QueryError, type QueryErrorCode } from './query/errors.js';
export { NO_PAGING, type OrderTerm, type Paging, type SortDirection } from './query/paging.js';
export { type ParseLimits, parseQuery, parseQueryText } from './query/parse.js';
export { type QueryParameters, readQueryParameters } from './query/query-params.js';
export { createRegexpFunction } from './query/regex.js';
export { equalsCriterion, type PreparedQuery, prepareQuery } from './query/run-query.js';
export { type ValidatedQuery, validateQuery } from './query/validate.js';
export { type MetaRoutesOptions, registerMetaRoutes } from './routes/meta-routes.js';
export { capitaliseType, type QueryRoutesOptions, registerQueryRoutes } from './routes/query-routes.js';
export { canonicalJson, type Json, resourceHash, sha1Hex } from './store/canonical-json.js';
export {
  type AvailabilityState,
  availabilityOf,
  DatabaseAvailability,
  databaseName,
} from './store/database-availability.js';
export { databaseStoreError, isPostgresAway } from './store/database-errors.js';
export { isUnavailable, STORE_RETRY_AFTER_SECONDS, StoreError, type StoreErrorCode } from './store/errors.js';
export type { Migration } from './store/migration.js';
export { isPostgresUrl, type OpenStoreOptions, openStore } from './store/open-store.js';
export { openPostgresStore, type PostgresStoreOptions, watchConnections } from './store/postgres-store.js';
export { MIGRATIONS } from './store/schema.js';
export { openSqliteStore, type SqliteStoreOptions } from './store/sqlite-store.js';
export type {
  Dialect,
  ResourceStore,
  Row,
  SqlParam,
  SqlRunner,
  StreamOptions,
} from './store/types.js';
