# grognard: one static binary, no system fonts or C libraries needed.
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
COPY third_party ./third_party
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/grognard ./cmd/grognard
# The volume's mount point, owned by the nonroot user: a new named volume
# takes this ownership, so grognard can create its store there.
RUN mkdir -p /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/grognard /usr/local/bin/grognard
COPY config.example.toml /etc/grognard/config.toml
# Games live on the /data volume whatever the configuration file says:
# GROGNARD_DB beats the file's store.path (docs/admin.md, "Settings"), and
# relative paths (board images of the terminal room) land in /data too.
COPY --from=build --chown=65532:65532 /out/data /data
VOLUME ["/data"]
WORKDIR /data
ENV GROGNARD_DB=/data/grognard.db
USER nonroot:nonroot
ENTRYPOINT ["/usr/local/bin/grognard"]
CMD ["serve", "--config", "/etc/grognard/config.toml"]
