package dev.almanac.testing;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.BeforeAllCallback;
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
 * them on purpose.
 */
public final class TrinoClusterExtension implements BeforeAllCallback, ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(TrinoClusterExtension.class);

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

    /** The run's cluster, started on first use (for a class that needs it before its own @BeforeAll methods run). */
    public static TrinoCluster cluster(ExtensionContext context) {
        return context.getRoot().getStore(NAMESPACE).computeIfAbsent(Shared.class, key -> Shared.start(), Shared.class).cluster();
    }

    /**
     * The run's cluster, or why there is none: kept either way, so that a cluster that could not start fails every class
     * at once with the same reason instead of being started again. Closed by JUnit at the end of the run.
     */
    private record Shared(TrinoCluster started, String skipped, RuntimeException failure) implements AutoCloseable {
        static Shared start() {
            if ("skip".equals(System.getProperty("almanac.trino"))) return new Shared(null, "the Trino tests were skipped with -Dalmanac.trino=skip", null);
            try {
                Optional<Path> jdk = TrinoJdk.find();
                if (jdk.isEmpty()) {
                    if ("true".equalsIgnoreCase(System.getenv("CI"))) return new Shared(null, null, new IllegalStateException(TrinoJdk.missing() + " (in CI it must be there)"));
                    return new Shared(null, TrinoJdk.missing(), null);
                }
                return new Shared(TrinoCluster.start(jdk.get()), null, null);
            } catch (RuntimeException e) {
                return new Shared(null, null, e);
            }
        }

        TrinoCluster cluster() {
            if (failure != null) Assertions.fail(failure.getMessage(), failure);
            Assumptions.assumeTrue(skipped == null, skipped);
            return started;
        }

        @Override
        public void close() {
            if (started != null) started.close();
        }
    }
}
