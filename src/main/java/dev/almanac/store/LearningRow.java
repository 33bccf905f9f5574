package dev.almanac.store;

import java.util.List;

/** A learned correction as stored: which tables it concerns, the SQL before and after, and how much it is trusted. */
public record LearningRow(String id, String description, String category, List<String> tables, String originalSql,
                          String correctedSql, double confidence, int timesApplied, boolean active) {}
