package org.gatehouse.graphql.whiteboard.internal.servlet;

import jakarta.servlet.http.HttpServletRequest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/** Reads a request body up to a limit; a larger body is refused with 413 before it is all read. */
final class BodyReader {
    private BodyReader() {}

    static byte[] read(HttpServletRequest request, long limit) throws IOException, BadRequestException {
        long declared = request.getContentLengthLong();
        if (declared > limit) {
            throw tooLarge(limit);
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try (InputStream in = request.getInputStream()) {
            int n;
            while ((n = in.read(buffer)) > 0) {
                if (body.size() + n > limit) {
                    throw tooLarge(limit);
                }
                body.write(buffer, 0, n);
            }
        }
        return body.toByteArray();
    }

    private static BadRequestException tooLarge(long limit) {
        return new BadRequestException(413, "request body exceeds the limit of " + limit + " bytes");
    }
}
