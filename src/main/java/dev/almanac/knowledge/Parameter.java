package dev.almanac.knowledge;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/** A parameter of a metric or verified query, written {@code $name} in its SQL. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Parameter(String name, String type, String description, @JsonProperty("default") String defaultValue) {}
