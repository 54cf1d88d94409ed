package org.gatehouse.graphql.emf.internal;

import graphql.schema.GraphQLOutputType;
import org.eclipse.emf.ecore.EClassifier;
import org.eclipse.emf.ecore.EStructuralFeature;

/**
 * A feature as a field of an EClass's output types.
 *
 * @param target the EClass or EEnum the type refers to, which must be in the schema too; null for scalars
 */
record OutputField(EStructuralFeature feature, GraphQLOutputType type, EClassifier target) {}
