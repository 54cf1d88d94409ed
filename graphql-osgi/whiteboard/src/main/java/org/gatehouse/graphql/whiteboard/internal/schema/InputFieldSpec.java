package org.gatehouse.graphql.whiteboard.internal.schema;

import graphql.schema.GraphQLInputType;

/** An attribute of an input object after type mapping. */
record InputFieldSpec(String name, GraphQLInputType type) {}
