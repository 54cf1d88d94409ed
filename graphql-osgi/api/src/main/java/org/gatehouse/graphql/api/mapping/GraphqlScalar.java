package org.gatehouse.graphql.api.mapping;

import graphql.schema.GraphQLScalarType;
import java.util.Set;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * An additional scalar, registered as an OSGi service: every gateway maps the Java classes of
 * {@link #javaTypes()} to {@link #scalar()}, for return values, attributes and arguments alike (the
 * scalar's coercing turns Java values into wire values and back). It is asked before the whiteboard's
 * own rules, like a {@link GraphqlTypeMapper}; {@code osgi.graphql.target} limits it to some gateways.
 */
@ConsumerType
public interface GraphqlScalar {
    /** The scalar; its name must not be taken by another type of the schema. */
    GraphQLScalarType scalar();

    /** The Java classes (exact classes, not subclasses) that become this scalar. */
    Set<Class<?>> javaTypes();
}
