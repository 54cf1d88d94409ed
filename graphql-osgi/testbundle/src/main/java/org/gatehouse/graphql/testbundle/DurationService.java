package org.gatehouse.graphql.testbundle;

import java.time.Duration;

/** A query service whose methods use a Java type that only the bundle's additional scalar maps. */
public interface DurationService {
    Duration twice(Duration duration);
}
