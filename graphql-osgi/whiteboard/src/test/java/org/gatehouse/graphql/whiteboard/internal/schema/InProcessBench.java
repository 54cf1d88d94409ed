package org.gatehouse.graphql.whiteboard.internal.schema;

import com.fasterxml.jackson.databind.ObjectMapper;
import graphql.ExecutionInput;
import graphql.ExecutionResult;
import graphql.GraphQL;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.gatehouse.graphql.example.api.AddressService;
import org.gatehouse.graphql.example.internal.AddressBook;

/**
 * Baseline for bench/graphql.bench.sh (not a test): the example schema executed by graphql-java in
 * process with its defaults, result serialised to JSON as the servlet does, on N threads for a fixed
 * time. Prints {@code <name> <ops/s> <process CPU µs per op>} lines; CPU per operation stays comparable
 * when other processes compete for the cores.
 */
public final class InProcessBench {
    private InProcessBench() {}

    public static void main(String[] args) throws Exception {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : Runtime.getRuntime().availableProcessors();
        long seconds = args.length > 1 ? Long.parseLong(args[1]) : 10;
        AddressBook book = new AddressBook();
        AddressService service = book::find;
        SchemaBuild build = SchemaAssembler.build(List.of(TestSchemas.ADDRESSES));
        GraphQL graphql = GraphQL.newGraphQL(build.schema()).build();
        ObjectMapper json = new ObjectMapper();
        ServiceInstances instances = binding -> service;
        Map<String, String> queries = new java.util.LinkedHashMap<>();
        queries.put("small", "{ AddressService { getAddresses(id: \"a1\") { id city } } }");
        queries.put("nested", "{ AddressService { getAddresses { id street city residents { id name address { city } relatives { name relatives { name } } } } } }");
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        for (Map.Entry<String, String> query : queries.entrySet()) {
            run(graphql, json, instances, query.getValue(), threads, 5);
            long cpuBefore = os.getProcessCpuTime();
            double rate = run(graphql, json, instances, query.getValue(), threads, seconds);
            double cpuMicrosPerOp = (os.getProcessCpuTime() - cpuBefore) / 1000.0 / (rate * seconds);
            System.out.printf("%s %.0f %.1f%n", query.getKey(), rate, cpuMicrosPerOp);
        }
    }

    private static double run(GraphQL graphql, ObjectMapper json, ServiceInstances instances, String query, int threads, long seconds)
            throws InterruptedException {
        LongAdder done = new LongAdder();
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        Thread[] workers = new Thread[threads];
        for (int i = 0; i < threads; i++) {
            workers[i] = new Thread(() -> {
                while (System.nanoTime() < end) {
                    ExecutionResult result = graphql.execute(ExecutionInput.newExecutionInput(query)
                            .graphQLContext(Map.of(ServiceInstances.CONTEXT_KEY, instances)).build());
                    try {
                        json.writeValueAsString(result.toSpecification());
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                    done.increment();
                }
            });
            workers[i].start();
        }
        for (Thread worker : workers) {
            worker.join();
        }
        return done.sum() / (double) seconds;
    }
}
