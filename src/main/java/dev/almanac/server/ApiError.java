package dev.almanac.server;

/** An error the API reports as JSON: an HTTP status, a stable code, a one-line message and, for invalid knowledge, the problems. */
final class ApiError extends RuntimeException {
    final int status;
    final String code;
    final transient Object details;

    ApiError(int status, String code, String message) {
        this(status, code, message, null);
    }

    ApiError(int status, String code, String message, Object details) {
        super(message);
        this.status = status;
        this.code = code;
        this.details = details;
    }
}
