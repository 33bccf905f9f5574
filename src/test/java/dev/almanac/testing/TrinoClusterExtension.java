package dev.almanac.testing;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives test classes the run's one {@link TrinoCluster} ({@code @ExtendWith(TrinoClusterExtension.class)}, then a
 * {@code TrinoCluster} parameter, e.g. of a {@code @BeforeAll} method). The first class to ask starts it; it is kept in
 * the root context's store, so that JUnit closes it when the whole run ends.
 *
 * <p>Without a JDK 24+ ({@link TrinoJdk}) the classes are skipped with the reason, except in CI ({@code CI=true}), where
 * that fails them: a CI machine must run the Trino tests, and .ci/run installs the JDK. {@code -Dalmanac.trino=skip} skips
 * them on purpose. The whole suite runs the classes with Trino in their names in a JVM of their own (pom.xml), so that one
 * cluster serves them all: another class that asks for the cluster fails, saying so.
 */
public final class TrinoClusterExtension implements ExecutionCondition, BeforeAllCallback, ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(TrinoClusterExtension.class);
    private static final boolean CI = "true".equalsIgnoreCase(System.getenv("CI"));

    /** Skips (disables, so that the report shows each test skipped with the reason) rather than fails, where that is allowed. */
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        return skipReason().map(ConditionEvaluationResult::disabled).orElseGet(() -> ConditionEvaluationResult.enabled("the Trino cluster can run"));
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        cluster(context);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == TrinoCluster.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return cluster(context);
    }

    /** Why the Trino tests are skipped here, if they are: on purpose, or for want of a JDK 24+ off CI. */
    private static Optional<String> skipReason() {
        if ("skip".equals(System.getProperty("almanac.trino"))) return Optional.of("the Trino tests were skipped with -Dalmanac.trino=skip");
        if (CI) return Optional.empty(); // a missing JDK fails the tests there
        try {
            return TrinoJdk.find().isPresent() ? Optional.empty() : Optional.of(TrinoJdk.missing());
        } catch (IllegalStateException wronglyNamed) {
            return Optional.empty(); // a JDK named explicitly that is not one fails the tests, with the reason
        }
    }

    /** The run's cluster, started on first use (also for a class that needs it before its own @BeforeAll methods run). */
    public static TrinoCluster cluster(ExtensionContext context) {
        return context.getRoot().getStore(NAMESPACE).computeIfAbsent(Shared.class, key -> Shared.start(), Shared.class).cluster();
    }

    /**
     * The run's cluster, or why there is none: kept either way, so that a cluster that could not start fails every class
     * at once with the same reason instead of being started again. Closed by JUnit at the end of the run.
     */
    private record Shared(TrinoCluster started, RuntimeException failure) implements AutoCloseable {
        static Shared start() {
            if (Boolean.getBoolean("almanac.trino.elsewhere")) {
                // pom.xml runs the whole suite in two JVMs, and the classes with Trino in their names in one of their own
                return new Shared(null, new IllegalStateException("this test JVM runs no Trino classes (pom.xml, profile whole-suite): a class "
                        + "that uses the Trino cluster must have Trino in its name"));
            }
            try {
                Optional<Path> jdk = TrinoJdk.find();
                if (jdk.isEmpty()) return new Shared(null, new IllegalStateException(TrinoJdk.missing() + " (in CI it must be there)"));
                return new Shared(TrinoCluster.start(jdk.get()), null);
            } catch (RuntimeException e) {
                return new Shared(null, e);
            }
        }

        TrinoCluster cluster() {
            if (failure != null) Assertions.fail(failure.getMessage(), failure);
            return started;
        }

        @Override
        public void close() {
            if (started != null) started.close();
        }
    }
}
