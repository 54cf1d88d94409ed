package org.gatehouse.graphql.whiteboard.internal.schema;

import graphql.schema.GraphQLOutputType;
import java.lang.reflect.Method;

/** A model attribute after type mapping: name, GraphQL type, the getter that reads it, description. */
record FieldSpec(String name, GraphQLOutputType type, Method getter, String description) {}
