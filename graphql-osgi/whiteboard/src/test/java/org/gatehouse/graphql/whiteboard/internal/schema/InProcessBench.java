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
 * time. Prints {@code <name> <ops/s> <CPU µs per op>} lines, the CPU time of the worker threads (the
 * engine's own time, no JIT or GC threads), which stays comparable when other processes compete for the
 * cores.
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
        for (Map.Entry<String, String> query : queries.entrySet()) {
            // warm up: at least 20,000 operations (the JIT), however long a busy machine makes that take
            long warmed = 0;
            while (warmed < 20_000) {
                warmed += run(graphql, json, instances, query.getValue(), threads, 2)[0];
            }
            long[] measured = run(graphql, json, instances, query.getValue(), threads, seconds);
            System.out.printf("%s %.0f %.1f%n", query.getKey(), measured[0] / (double) seconds, measured[1] / 1000.0 / measured[0]);
        }
    }

    /** Runs the query on N threads for a time; returns the operations done and the CPU time (ns) of the worker threads. */
    private static long[] run(GraphQL graphql, ObjectMapper json, ServiceInstances instances, String query, int threads, long seconds)
            throws InterruptedException {
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        LongAdder done = new LongAdder();
        LongAdder cpuNanos = new LongAdder();
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        Thread[] workers = new Thread[threads];
        for (int i = 0; i < threads; i++) {
            workers[i] = new Thread(() -> {
                long start = cpu.getCurrentThreadCpuTime();
                while (System.nanoTime() < end) {
                    ExecutionResult result = graphql.execute(ExecutionInput.newExecutionInput(query)
                            .graphQLContext(Map.of(ServiceInstances.CONTEXT_KEY, instances)).build());
                    try {
                        json.writeValueAsBytes(result.toSpecification());
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                    done.increment();
                }
                cpuNanos.add(cpu.getCurrentThreadCpuTime() - start);
            });
            workers[i].start();
        }
        for (Thread worker : workers) {
            worker.join();
        }
        return new long[] {done.sum(), cpuNanos.sum()};
    }
}
