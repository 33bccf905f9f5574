package dev.almanac.knowledge;

/** Something wrong in a knowledge file, at a line (and column, 0 when unknown). */
public record Problem(String file, int line, int column, String message) implements Comparable<Problem> {
    @Override
    public String toString() {
        return file + ":" + line + (column > 0 ? ":" + column : "") + ": " + message;
    }

    @Override
    public int compareTo(Problem o) {
        int c = file.compareTo(o.file);
        return c != 0 ? c : Integer.compare(line, o.line);
    }
}
