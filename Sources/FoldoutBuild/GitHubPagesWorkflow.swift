/// The GitHub Actions workflow `foldout publish-setup github` writes to
/// `.github/workflows/foldout.yml`: at every push to `main` it gets Foldout (a released
/// binary when `FOLDOUT_BINARY_URL` is set, else built from `FOLDOUT_REPOSITORY`, cached
/// between runs), builds the site and publishes `Output/` with GitHub's own Pages actions.
/// It runs in the official Swift image on Ubuntu 24.04, where the libraries Foldout links
/// are Debian packages; docs/publishing.md says what was tested and what could not be.
package enum GitHubPagesWorkflow {
    package static let path = ".github/workflows/foldout.yml"

    /// The Swift image the job runs in: the version Foldout is developed with.
    package static let swiftImage = "swift:6.3-noble"

    /// The workflow, getting Foldout from `repository` at `ref` (a branch or tag), or from
    /// `binaryURL` when given; `content` and `output` are the site's folders.
    package static func text(
        repository: String, ref: String, binaryURL: String?, content: String = "Content",
        output: String = "Output"
    ) -> String {
        """
        # Builds this site with Foldout and publishes it on GitHub Pages at every push to main.
        # Written by `foldout publish-setup github`. Once, in the repository on GitHub:
        # Settings > Pages > Build and deployment > Source: "GitHub Actions". Set base_url in
        # \(content)/_index.md to the address Pages gives (https://USER.github.io/REPOSITORY/).
        name: Publish the site

        on:
          push:
            branches: [main]
          workflow_dispatch:

        permissions:
          contents: read
          pages: write
          id-token: write

        concurrency:
          group: pages
          cancel-in-progress: false

        env:
          # Where Foldout comes from: a binary built with `make release` (linux x86-64), or
          # else its git repository at a branch or tag, built here (15-25 minutes the first
          # time, then restored from the cache).
          FOLDOUT_BINARY_URL: "\(binaryURL ?? "")"
          FOLDOUT_REPOSITORY: "\(repository)"
          FOLDOUT_REF: "\(ref)"

        jobs:
          build:
            runs-on: ubuntu-24.04
            container: \(swiftImage)
            steps:
              - uses: actions/checkout@v4
              - name: Install the libraries Foldout uses
                run: |
                  apt-get update -qq
                  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \\
                    libcmark-dev libmimalloc-dev libxml2-dev libxxhash-dev libvips-dev pkg-config git curl ca-certificates zstd
              - name: Fetch Foldout's source
                id: source
                if: env.FOLDOUT_BINARY_URL == ''
                run: |
                  git clone --quiet --depth 1 --branch "$FOLDOUT_REF" "$FOLDOUT_REPOSITORY" .foldout-source
                  echo "commit=$(git -C .foldout-source rev-parse HEAD)" >> "$GITHUB_OUTPUT"
              - name: Restore Foldout's build
                if: env.FOLDOUT_BINARY_URL == ''
                uses: actions/cache@v4
                with:
                  path: .foldout-source/.build
                  key: foldout-${{ steps.source.outputs.commit }}
              - name: Get Foldout
                run: |
                  if [ -n "$FOLDOUT_BINARY_URL" ]; then
                    curl --fail --location --silent --show-error --output /usr/local/bin/foldout "$FOLDOUT_BINARY_URL"
                    chmod 755 /usr/local/bin/foldout
                  else
                    (cd .foldout-source && swift build -c release --static-swift-stdlib --product foldout)
                    install -m 755 .foldout-source/.build/release/foldout /usr/local/bin/foldout
                  fi
                  foldout --version
              # Photos' variants made by earlier runs, so only new photos are decoded.
              - name: Restore Foldout's cache of the site
                uses: actions/cache@v4
                with:
                  path: .foldout-cache
                  key: site-${{ github.run_id }}
                  restore-keys: site-
              - name: Build the site
                run: foldout build --content \(content) --output \(output)
              - uses: actions/upload-pages-artifact@v3
                with:
                  path: \(output)

          deploy:
            needs: build
            runs-on: ubuntu-24.04
            environment:
              name: github-pages
              url: ${{ steps.deployment.outputs.page_url }}
            steps:
              - id: deployment
                uses: actions/deploy-pages@v4

        """
    }
}
