package org.gatehouse.graphql.emf.example.catalog;

import org.eclipse.emf.common.util.Enumerator;

/**
 * The {@link Enumerator} of the model's Java enums: each literal is named like its Java constant and its
 * value is the constant's ordinal, as the generator gives for literals declared without values.
 */
interface NamedEnumerator extends Enumerator {
    String name();

    int ordinal();

    @Override
    default int getValue() {
        return ordinal();
    }

    @Override
    default String getName() {
        return name();
    }

    @Override
    default String getLiteral() {
        return name();
    }
}
