package org.gatehouse.graphql.whiteboard.internal.runtime;

import graphql.GraphQL;
import graphql.analysis.MaxQueryComplexityInstrumentation;
import graphql.analysis.MaxQueryDepthInstrumentation;
import graphql.execution.instrumentation.ChainedInstrumentation;
import graphql.execution.instrumentation.Instrumentation;
import graphql.schema.GraphQLSchema;
import graphql.schema.idl.SchemaPrinter;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.LongConsumer;
import org.gatehouse.graphql.api.dto.FailedServiceDTO;
import org.gatehouse.graphql.api.dto.RuntimeDTO;
import org.gatehouse.graphql.whiteboard.internal.schema.BuildFailure;
import org.gatehouse.graphql.whiteboard.internal.schema.SchemaAssembler;
import org.gatehouse.graphql.whiteboard.internal.schema.SchemaBuild;
import org.gatehouse.graphql.whiteboard.internal.schema.ServiceBinding;
import org.gatehouse.graphql.whiteboard.internal.schema.TypeMapperBinding;
import org.osgi.framework.ServiceReference;

/**
 * Holds the current {@link ServiceInfo}s and type mappers and the schema built from them. Every add, modify
 * or remove schedules a rebuild after a short quiet period (debounce) on one thread; the new snapshot replaces the
 * old one atomically. A failed rebuild keeps the last good snapshot and records the error.
 */
public final class SchemaManager implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(SchemaManager.class.getName());

    private final GatewayConfig config;
    private final LongConsumer onChange;
    private final Function<ServiceInfo, String> probe;
    /** Services whose object could not be obtained (constructor or activate failed), by service id. */
    private final Map<Long, BuildFailure> unavailable = new ConcurrentHashMap<>();
    private final Set<Long> probed = ConcurrentHashMap.newKeySet();
    /** What the last build left out, so each reason is logged once, when it appears, not at every rebuild. */
    private Set<BuildFailure> logged = Set.of();
    private final Map<Long, ServiceInfo> infos = new ConcurrentHashMap<>();
    private final Map<Long, TypeMapperBinding> mappers = new ConcurrentHashMap<>();
    private final AtomicReference<SchemaSnapshot> current = new AtomicReference<>();
    private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "graphql-schema-rebuild");
        thread.setDaemon(true);
        return thread;
    });
    private volatile List<Instrumentation> instrumentations = List.of();
    private final SequentialExecutionIds executionIds = new SequentialExecutionIds();
    private ScheduledFuture<?> pending;
    private long changeCount;
    private long failedBuildCount;
    private String lastBuildError;

    /**
     * {@code onChange} receives the new change count after each successful build. {@code probe} takes the
     * object of a newly seen service before it joins the schema and answers why it cannot be had (null when
     * it can), so a component failing in its constructor or activate never becomes an always-failing field.
     */
    public SchemaManager(GatewayConfig config, LongConsumer onChange, Function<ServiceInfo, String> probe) {
        this.config = config;
        this.onChange = onChange;
        this.probe = probe;
        rebuild();
    }

    public void put(ServiceInfo info) {
        infos.put(info.serviceId(), info);
        // a modified service is probed again: its component may have been fixed and re-registered
        unavailable.remove(info.serviceId());
        probed.remove(info.serviceId());
        scheduleRebuild();
    }

    public void remove(long serviceId) {
        unavailable.remove(serviceId);
        probed.remove(serviceId);
        if (infos.remove(serviceId) != null) {
            scheduleRebuild();
        }
    }

    /** Adds or replaces a type mapper; a mapper changes its service properties when its answers change. */
    public void putMapper(TypeMapperBinding mapper) {
        mappers.put(mapper.serviceId(), mapper);
        scheduleRebuild();
    }

    public void removeMapper(long serviceId) {
        if (mappers.remove(serviceId) != null) {
            scheduleRebuild();
        }
    }

    public SchemaSnapshot current() {
        return current.get();
    }

    private synchronized void scheduleRebuild() {
        if (executor.isShutdown()) {
            return;
        }
        if (pending != null) {
            pending.cancel(false);
        }
        pending = executor.schedule(this::rebuild, config.rebuildDelayMs(), TimeUnit.MILLISECONDS);
    }

    /** Builds from the Infos present now; runs on the rebuild thread (and once in the constructor). */
    private void rebuild() {
        List<ServiceBinding> bindings = new ArrayList<>();
        Map<Long, ServiceReference<?>> references = new HashMap<>();
        for (ServiceInfo info : infos.values()) {
            if (!info.bindings().isEmpty() && probed.add(info.serviceId())) {
                String reason = probe.apply(info);
                if (reason != null) {
                    unavailable.put(info.serviceId(), new BuildFailure(info.serviceId(), info.bindings().get(0).fieldName(),
                            FailedServiceDTO.FAILURE_SERVICE_UNAVAILABLE, reason));
                }
            }
            if (unavailable.containsKey(info.serviceId())) {
                continue;
            }
            bindings.addAll(info.bindings());
            references.put(info.serviceId(), info.reference());
        }
        try {
            List<TypeMapperBinding> currentMappers = List.copyOf(mappers.values());
            SchemaBuild build = TolerantBuild.build(bindings, subset -> SchemaAssembler.build(subset, currentMappers));
            GraphQLSchema schema = config.longAsString() ? LongAsString.apply(build.schema()) : build.schema();
            String sdl = new SchemaPrinter(SchemaPrinter.Options.defaultOptions().includeDirectives(false)).print(schema);
            GraphQL graphql = GraphQL.newGraphQL(schema)
                    .instrumentation(instrumentation())
                    .preparsedDocumentProvider(new PreparedDocuments(config.documentCacheSize()))
                    .defaultDataFetcherExceptionHandler(new MaskingExceptionHandler(config.exposeExceptions()))
                    .executionIdProvider(executionIds)
                    .build();
            current.set(new SchemaSnapshot(graphql, build, sdl, references));
            long count;
            synchronized (this) {
                count = ++changeCount;
                lastBuildError = null;
            }
            logNew(build.failures());
            onChange.accept(count);
        } catch (RuntimeException e) {
            synchronized (this) {
                failedBuildCount++;
                lastBuildError = e.getMessage();
            }
            LOG.log(Level.ERROR, "GraphQL schema rebuild failed; the previous schema stays in use: {0}", e.getMessage());
            LOG.log(Level.DEBUG, "schema rebuild failure", e);
        }
    }

    private void logNew(List<BuildFailure> failures) {
        Set<BuildFailure> now = new LinkedHashSet<>(failures);
        now.addAll(unavailable.values());
        now.stream().filter(f -> !logged.contains(f)).forEach(f -> LOG.log(Level.WARNING, "GraphQL schema leaves out {0}", f));
        logged = now;
    }

    /** The configured limits first, then the registered Instrumentation services in service order. */
    private Instrumentation instrumentation() {
        List<Instrumentation> limits = new ArrayList<>();
        if (config.maxDepth() > 0) {
            limits.add(new MaxQueryDepthInstrumentation(config.maxDepth()));
        }
        if (config.maxComplexity() > 0) {
            limits.add(new MaxQueryComplexityInstrumentation(config.maxComplexity()));
        }
        List<Instrumentation> chain = new ArrayList<>();
        if (!limits.isEmpty()) {
            chain.add(new QueryLimits(limits));
        }
        chain.addAll(instrumentations);
        return chain.size() == 1 ? chain.get(0) : new ChainedInstrumentation(chain);
    }

    /** Replaces the registered Instrumentation services (in service order) and rebuilds. */
    public void instrumentations(List<Instrumentation> registered) {
        instrumentations = List.copyOf(registered);
        scheduleRebuild();
    }

    public synchronized RuntimeDTO runtimeDTO() {
        RuntimeDTO dto = new RuntimeDTO();
        dto.changeCount = changeCount;
        dto.failedBuildCount = failedBuildCount;
        dto.lastBuildError = lastBuildError;
        SchemaSnapshot snapshot = current.get();
        List<FailedServiceDTO> failed = new ArrayList<>();
        infos.values().forEach(info -> info.failures().forEach(f -> failed.add(f.toDTO())));
        unavailable.values().forEach(f -> failed.add(f.toDTO()));
        if (snapshot != null) {
            dto.services = snapshot.build().services().toArray(org.gatehouse.graphql.api.dto.ServiceDTO[]::new);
            snapshot.build().failures().stream().map(BuildFailure::toDTO).forEach(failed::add);
        }
        dto.failedServices = failed.toArray(FailedServiceDTO[]::new);
        return dto;
    }

    @Override
    public synchronized void close() {
        executor.shutdownNow();
    }
}
