package org.gatehouse.graphql.whiteboard.internal.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** OSGi ordering of clashing services: higher ranking first, then lower service id. */
class ServiceBindingOrderingTest {

    @ParameterizedTest(name = "ranking {0} id {1} vs ranking {2} id {3} -> {4}")
    @CsvSource({
        "0, 1, 0, 2, -1",
        "0, 2, 0, 1, 1",
        "5, 9, 0, 1, -1",
        "0, 1, 5, 9, 1",
        "-1, 1, 0, 2, 1",
        "3, 4, 3, 4, 0",
        "2147483647, 8, -2147483648, 1, -1"
    })
    void ordersLikeOsgiServices(int ranking1, long id1, int ranking2, long id2, int expectedSign) {
        ServiceBinding a = new ServiceBinding("A", List.of(), false, id1, ranking1);
        ServiceBinding b = new ServiceBinding("A", List.of(), false, id2, ranking2);
        assertEquals(expectedSign, Integer.signum(a.compareTo(b)));
    }
}
