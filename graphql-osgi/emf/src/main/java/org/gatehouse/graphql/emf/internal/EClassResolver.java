package org.gatehouse.graphql.emf.internal;

import graphql.TypeResolutionEnvironment;
import graphql.schema.GraphQLObjectType;
import graphql.schema.TypeResolver;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EObject;

/**
 * Resolves an interface or union value by the object's runtime {@code eClass()}: the nearest class of its
 * hierarchy (itself first, then its supertypes breadth first) among the candidates gives the
 * {@code <Class>Impl} type. The reference resolved by the declared type, so subclasses came out wrong.
 */
final class EClassResolver implements TypeResolver {
    private final Set<EClass> candidates;

    /** @param candidates the concrete classes whose Impl types the interface or union may resolve to */
    EClassResolver(Set<EClass> candidates) {
        this.candidates = Set.copyOf(candidates);
    }

    @Override
    public GraphQLObjectType getType(TypeResolutionEnvironment env) {
        if (!(env.getObject() instanceof EObject object)) {
            return null;
        }
        Deque<EClass> work = new ArrayDeque<>();
        Set<EClass> seen = new HashSet<>();
        work.add(object.eClass());
        while (!work.isEmpty()) {
            EClass next = work.poll();
            if (candidates.contains(next)) {
                return env.getSchema().getObjectType(next.getName() + "Impl");
            }
            for (EClass parent : next.getESuperTypes()) {
                if (seen.add(parent)) {
                    work.add(parent);
                }
            }
        }
        return null;
    }
}
