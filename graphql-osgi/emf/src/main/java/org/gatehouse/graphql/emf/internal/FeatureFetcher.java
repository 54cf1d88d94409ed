package org.gatehouse.graphql.emf.internal;

import graphql.schema.DataFetcher;
import graphql.schema.DataFetchingEnvironment;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.eclipse.emf.common.util.Enumerator;
import org.eclipse.emf.ecore.EEnum;
import org.eclipse.emf.ecore.EEnumLiteral;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.gatehouse.graphql.api.mapping.MappingContext;

/**
 * Reads one feature of an EObject with {@code eGet}, so generated and dynamic objects are read the same
 * way. Enum values become the literal's instance, which is the value of the GraphQL enum; other data
 * values go through the whiteboard's conversions (a {@code Date} to a DateTime, ...).
 */
final class FeatureFetcher implements DataFetcher<Object> {
    private final EStructuralFeature feature;
    private final EEnum eEnum;
    private final MappingContext context;

    FeatureFetcher(EStructuralFeature feature, MappingContext context) {
        this.feature = feature;
        this.eEnum = feature.getEType() instanceof EEnum e ? e : null;
        this.context = context;
    }

    @Override
    public Object get(DataFetchingEnvironment env) {
        EObject source = env.getSource();
        Object value = source.eGet(feature);
        if (!feature.isMany()) {
            return adapt(value);
        }
        List<Object> items = new ArrayList<>();
        for (Object item : (Collection<?>) value) {
            items.add(adapt(item));
        }
        return items;
    }

    private Object adapt(Object value) {
        if (value instanceof EObject) {
            return value;
        }
        if (eEnum != null && value instanceof Enumerator enumerator) {
            EEnumLiteral literal = eEnum.getEEnumLiteral(enumerator.getName());
            return literal == null ? value : literal.getInstance();
        }
        return context.toGraphql(value);
    }
}
