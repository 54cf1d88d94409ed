package org.gatehouse.graphql.testbundle;

import java.time.Duration;
import org.gatehouse.graphql.api.GraphqlQueryService;
import org.osgi.service.component.annotations.Component;

/** A Declarative Services component: it comes and goes with the bundle. */
@Component
@GraphqlQueryService
public class DurationServiceImpl implements DurationService {
    @Override
    public Duration twice(Duration duration) {
        return duration.multipliedBy(2);
    }
}
