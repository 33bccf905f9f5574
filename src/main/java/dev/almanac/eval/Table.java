package dev.almanac.eval;

import java.util.List;

/** A result to compare: column names and rows of plain values. */
public record Table(List<String> columns, List<List<Object>> rows) {}
