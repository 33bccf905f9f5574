package dev.almanac.server;

/** An error the API reports as JSON: an HTTP status, a stable code and a one-line message. */
final class ApiError extends RuntimeException {
    final int status;
    final String code;

    ApiError(int status, String code, String message) {
        super(message);
        this.status = status;
        this.code = code;
    }
}
