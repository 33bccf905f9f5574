package dev.almanac.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/** The version recorded at build time. */
final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() throws IOException {
        Properties p = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream("/dev/almanac/version.properties")) {
            if (in != null) p.load(in);
        }
        return new String[] {"almanac " + p.getProperty("version", "dev")};
    }
}
