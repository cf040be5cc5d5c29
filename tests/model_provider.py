"""A model provider for the oracle's Flink (``provider`` = ``openai``): Flink plans a view that
calls ``ML_PREDICT`` only where a ``ModelProviderFactory`` of the model's provider is on its
classpath, and the apache-flink package ships none. This one never predicts: it lets Flink
validate and store such views, so the goldens can record what Flink answers for them (golden
views_ml_predict). It is compiled with ``javac`` against the package's jars, into .cache."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / ".cache" / "model-provider"
JAR = BUILD / "stub-model-provider.jar"
IDENTIFIER = "openai"

SOURCE = """
package org.flinkdashboard.test;

import java.io.Serializable;
import java.util.Collection;
import java.util.Collections;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.factories.ModelProviderFactory;
import org.apache.flink.table.functions.AsyncPredictFunction;
import org.apache.flink.table.functions.PredictFunction;
import org.apache.flink.table.ml.AsyncPredictRuntimeProvider;
import org.apache.flink.table.ml.ModelProvider;
import org.apache.flink.table.ml.PredictRuntimeProvider;

/** A provider whose functions answer nothing: for planning views in tests only. */
public class StubModelProviderFactory implements ModelProviderFactory {
    @Override
    public String factoryIdentifier() {
        return "IDENTIFIER";
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Collections.emptySet();
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Collections.emptySet();
    }

    @Override
    public ModelProvider createModelProvider(Context context) {
        return new Provider();
    }

    /** Synchronous and asynchronous, serializable as a planned job's functions must be. */
    public static class Provider
            implements PredictRuntimeProvider, AsyncPredictRuntimeProvider, Serializable {
        @Override
        public PredictFunction createPredictFunction(ModelProvider.Context context) {
            return new Nothing();
        }

        @Override
        public AsyncPredictFunction createAsyncPredictFunction(ModelProvider.Context context) {
            return new NothingLater();
        }

        @Override
        public ModelProvider copy() {
            return new Provider();
        }
    }

    public static class Nothing extends PredictFunction {
        @Override
        public Collection<RowData> predict(RowData row) {
            return Collections.emptyList();
        }
    }

    public static class NothingLater extends AsyncPredictFunction {
        @Override
        public CompletableFuture<Collection<RowData>> asyncPredict(RowData row) {
            return CompletableFuture.completedFuture(Collections.emptyList());
        }
    }
}
""".replace("IDENTIFIER", IDENTIFIER)


def stub_model_provider_jar() -> Path:
    """The provider's jar, built once (again where this file is newer)."""
    if JAR.exists() and JAR.stat().st_mtime >= Path(__file__).stat().st_mtime:
        return JAR
    import pyflink

    lib = Path(pyflink.__file__).parent / "lib"
    classpath = ":".join(str(p) for p in sorted(lib.glob("*.jar")))
    source = BUILD / "src" / "org" / "flinkdashboard" / "test" / "StubModelProviderFactory.java"
    source.parent.mkdir(parents=True, exist_ok=True)
    source.write_text(SOURCE)
    classes = BUILD / "classes"
    services = classes / "META-INF" / "services"
    services.mkdir(parents=True, exist_ok=True)
    (services / "org.apache.flink.table.factories.Factory").write_text(
        "org.flinkdashboard.test.StubModelProviderFactory\n"
    )
    subprocess.run(
        ["javac", "--release", "17", "-nowarn", "-cp", classpath, "-d", str(classes), str(source)],
        check=True,
    )
    partial = JAR.with_suffix(".part")
    subprocess.run(["jar", "--create", "--file", str(partial), "-C", str(classes), "."], check=True)
    partial.replace(JAR)
    return JAR
