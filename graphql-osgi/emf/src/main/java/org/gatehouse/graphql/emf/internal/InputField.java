package org.gatehouse.graphql.emf.internal;

import graphql.schema.GraphQLInputType;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EStructuralFeature;

/**
 * A feature as a field of an input type.
 *
 * @param contained for a containment reference, the class whose input type the field has; else null
 */
record InputField(EStructuralFeature feature, GraphQLInputType type, EClass contained) {}
