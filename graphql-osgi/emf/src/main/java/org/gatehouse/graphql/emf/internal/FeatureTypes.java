package org.gatehouse.graphql.emf.internal;

import graphql.Scalars;
import graphql.schema.GraphQLInputType;
import graphql.schema.GraphQLList;
import graphql.schema.GraphQLNonNull;
import graphql.schema.GraphQLOutputType;
import graphql.schema.GraphQLScalarType;
import java.util.Set;
import java.util.regex.Pattern;
import org.eclipse.emf.ecore.EAttribute;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.gatehouse.graphql.api.mapping.MappingContext;

/**
 * GraphQL types of single features: data types through the whiteboard's scalar table, ID attributes as
 * {@code ID}, and the wrapping that the bounds give.
 *
 * <p>Outputs: a many-valued feature is {@code [T!]!} (an EMF list is never null, only empty, and holds no
 * nulls); a single one is {@code T!} when required (lower bound 1) or of a primitive type (EMF never answers
 * null for those), else {@code T}. Inputs: {@code [T!]!} / {@code T!} when required, {@code [T!]} / {@code T}
 * otherwise, so a {@code null} element is refused by GraphQL validation already.
 */
final class FeatureTypes {
    private static final Pattern NAME = Pattern.compile("[_A-Za-z][_0-9A-Za-z]*");
    private static final Set<String> ID_SCALARS = Set.of("String", "Int", "Long");

    private FeatureTypes() {}

    /** The scalar of an attribute's data type ({@code ID} for an EMF ID attribute), null when there is none. */
    static GraphQLScalarType scalar(MappingContext context, EAttribute attribute) {
        Class<?> type = attribute.getEAttributeType().getInstanceClass();
        GraphQLScalarType scalar = type == null ? null : context.scalar(type);
        if (scalar != null && attribute.isID() && !attribute.isMany() && ID_SCALARS.contains(scalar.getName())) {
            return Scalars.GraphQLID;
        }
        return scalar;
    }

    /** Why an attribute has no scalar. */
    static String noScalar(EAttribute attribute) {
        return "no GraphQL scalar for data type " + attribute.getEAttributeType().getName()
                + " (" + attribute.getEAttributeType().getInstanceClassName() + ")";
    }

    static GraphQLOutputType output(EStructuralFeature feature, GraphQLOutputType element) {
        if (feature.isMany()) {
            return GraphQLNonNull.nonNull(GraphQLList.list(nonNull(element)));
        }
        Class<?> type = feature.getEType().getInstanceClass();
        boolean primitive = type != null && type.isPrimitive();
        return feature.isRequired() || primitive ? GraphQLNonNull.nonNull(element) : element;
    }

    static GraphQLInputType input(EStructuralFeature feature, GraphQLInputType element) {
        GraphQLInputType type = feature.isMany() ? GraphQLList.list(nonNull(element)) : element;
        return feature.isRequired() ? GraphQLNonNull.nonNull(type) : type;
    }

    private static <T extends graphql.schema.GraphQLType> GraphQLNonNull nonNull(T element) {
        return element instanceof GraphQLNonNull already ? already : GraphQLNonNull.nonNull(element);
    }

    /** True for a legal GraphQL name that is not reserved for introspection. */
    static boolean isName(String name) {
        return name != null && NAME.matcher(name).matches() && !name.startsWith("__");
    }
}
