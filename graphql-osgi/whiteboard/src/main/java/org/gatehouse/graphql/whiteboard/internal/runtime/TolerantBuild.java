package org.gatehouse.graphql.whiteboard.internal.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.gatehouse.graphql.api.dto.FailedServiceDTO;
import org.gatehouse.graphql.whiteboard.internal.schema.BuildFailure;
import org.gatehouse.graphql.whiteboard.internal.schema.SchemaBuild;
import org.gatehouse.graphql.whiteboard.internal.schema.ServiceBinding;

/**
 * One bad service never breaks the schema. The schema is built from all bindings; when graphql-java
 * rejects the result (a service type named like a model type, a built-in scalar or a root type, ...), the
 * bindings are added one at a time in OSGi service order (higher ranking, then older service) and each
 * one whose addition makes the schema invalid is tried method by method: the methods that break it are left
 * out and reported with the engine's reason, the rest stays. So a
 * service that arrives later and clashes loses, and everything registered before it keeps working.
 */
final class TolerantBuild {
    private TolerantBuild() {}

    static SchemaBuild build(List<ServiceBinding> bindings, Function<List<ServiceBinding>, SchemaBuild> assembler) {
        try {
            return assembler.apply(bindings);
        } catch (RuntimeException whole) {
            List<ServiceBinding> ordered = new ArrayList<>(bindings);
            ordered.sort(null);
            List<ServiceBinding> accepted = new ArrayList<>();
            List<BuildFailure> rejected = new ArrayList<>();
            SchemaBuild last = assembler.apply(List.of());
            for (ServiceBinding binding : ordered) {
                accepted.add(binding);
                try {
                    last = assembler.apply(accepted);
                    continue;
                } catch (RuntimeException e) {
                    accepted.remove(accepted.size() - 1);
                    SchemaBuild partial = methodByMethod(binding, accepted, assembler, rejected);
                    if (partial == null) {
                        rejected.add(new BuildFailure(binding.serviceId(), binding.fieldName(), FailedServiceDTO.FAILURE_SCHEMA_CONFLICT,
                                "left out, it would make the schema invalid: " + e.getMessage()));
                    } else {
                        last = partial;
                    }
                }
            }
            List<BuildFailure> failures = new ArrayList<>(last.failures());
            failures.addAll(rejected);
            return new SchemaBuild(last.schema(), last.services(), failures);
        }
    }

    /**
     * Failure per method, never per service: adds the binding's methods one at a time and leaves out each
     * one whose addition makes the schema invalid. Null when no method could be added (the binding itself
     * is the problem, e.g. its name); then {@code accepted} is unchanged.
     */
    private static SchemaBuild methodByMethod(ServiceBinding binding, List<ServiceBinding> accepted,
            Function<List<ServiceBinding>, SchemaBuild> assembler, List<BuildFailure> rejected) {
        Set<String> leftOut = new TreeSet<>(binding.methodNames());
        List<BuildFailure> methodFailures = new ArrayList<>();
        SchemaBuild last = null;
        for (String method : binding.methodNames()) {
            leftOut.remove(method);
            accepted.add(binding.leaving(leftOut));
            try {
                last = assembler.apply(accepted);
            } catch (RuntimeException e) {
                leftOut.add(method);
                methodFailures.add(new BuildFailure(binding.serviceId(), binding.fieldName() + "." + method,
                        FailedServiceDTO.FAILURE_SCHEMA_CONFLICT, "left out, it would make the schema invalid: " + e.getMessage()));
            }
            accepted.remove(accepted.size() - 1);
        }
        if (last == null) {
            return null;
        }
        accepted.add(binding.leaving(leftOut));
        rejected.addAll(methodFailures);
        return last;
    }
}
