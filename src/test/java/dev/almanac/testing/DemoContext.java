package dev.almanac.testing;

import dev.almanac.source.Catalog;
import dev.almanac.source.CatalogIntrospector;
import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import dev.almanac.sql.Guard;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryLimits;

/** The demo warehouse opened read-only with its catalog, a guard and an executor; shared per test class. */
public final class DemoContext implements AutoCloseable {
    public final Source source;
    public final Guard guard;
    public final QueryExecutor executor;
    public final Catalog catalog;

    public DemoContext() {
        source = Sources.openFile(DemoWarehouse.file());
        guard = new Guard();
        executor = new QueryExecutor(source, guard, QueryLimits.DEFAULT);
        catalog = new CatalogIntrospector().introspect(source);
    }

    @Override
    public void close() {
        guard.close();
        source.close();
    }
}
