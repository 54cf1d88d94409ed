package org.gatehouse.graphql.testbundle;

import graphql.ExecutionResult;
import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.SimplePerformantInstrumentation;
import graphql.execution.instrumentation.parameters.InstrumentationExecutionParameters;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.osgi.service.component.annotations.Component;

/** A graphql-java Instrumentation service: it marks every result with {@code extensions.testbundle}. */
@Component(service = graphql.execution.instrumentation.Instrumentation.class)
public class TaggingInstrumentation extends SimplePerformantInstrumentation {
    @Override
    public CompletableFuture<ExecutionResult> instrumentExecutionResult(ExecutionResult result,
            InstrumentationExecutionParameters parameters, InstrumentationState state) {
        Map<Object, Object> extensions = new LinkedHashMap<>();
        if (result.getExtensions() != null) {
            extensions.putAll(result.getExtensions());
        }
        extensions.put("testbundle", "instrumented");
        return CompletableFuture.completedFuture(result.transform(builder -> builder.extensions(extensions)));
    }
}
