package dev.almanac.semantic;

/** A named filter over a dataset's columns ("paying", "not deleted"); a default one holds unless named off. */
public record Segment(String name, String dataset, String expr, String label, String description, boolean isDefault) {}
