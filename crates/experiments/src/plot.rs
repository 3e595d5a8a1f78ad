//! Line charts as SVG, for the papers' figures.

use plotters::prelude::*;
use std::path::Path;

/// One line of a chart: its name and its points.
pub type Series = (String, Vec<(f64, f64)>);

/// Draws `series` as lines with points into an SVG file; the x axis is
/// logarithmic (the papers double the number of worlds).
///
/// # Errors
/// A message when the file cannot be drawn.
pub fn line_chart(
    path: &Path,
    title: &str,
    x_label: &str,
    y_label: &str,
    series: &[Series],
) -> Result<(), String> {
    let points = series.iter().flat_map(|(_, p)| p.iter());
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for &(x, y) in points {
        x0 = x0.min(x);
        x1 = x1.max(x);
        y0 = y0.min(y);
        y1 = y1.max(y);
    }
    if x0 > x1 {
        return Err("nothing to plot".into());
    }
    let margin = ((y1 - y0) * 0.1).max(1e-3);
    let root = SVGBackend::new(path, (720, 480)).into_drawing_area();
    let err = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(
            (x0 * 0.9..x1 * 1.1).log_scale(),
            (y0 - margin)..(y1 + margin),
        )
        .map_err(|e| err(&e))?;
    chart
        .configure_mesh()
        .x_desc(x_label)
        .y_desc(y_label)
        .draw()
        .map_err(|e| err(&e))?;
    for (i, (name, pts)) in series.iter().enumerate() {
        let color = Palette99::pick(i).to_rgba();
        chart
            .draw_series(LineSeries::new(pts.iter().copied(), color.stroke_width(2)))
            .map_err(|e| err(&e))?
            .label(name.clone())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 16, y)], color.stroke_width(2))
            });
        chart
            .draw_series(pts.iter().map(|&p| Circle::new(p, 3, color.filled())))
            .map_err(|e| err(&e))?;
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()
        .map_err(|e| err(&e))?;
    root.present().map_err(|e| err(&e))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chart_is_an_svg_with_its_labels() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.svg");
        let series = vec![
            ("M = 1".to_string(), vec![(20.0, 0.5), (40.0, 0.55)]),
            ("M = 2".to_string(), vec![(20.0, 0.52), (40.0, 0.6)]),
        ];
        line_chart(&path, "winrate", "worlds", "winrate", &series).unwrap();
        let svg = std::fs::read_to_string(&path).unwrap();
        assert!(svg.starts_with("<svg"), "{}", &svg[..50]);
        assert!(svg.contains("M = 2") && svg.contains("worlds"));
        assert!(line_chart(&path, "t", "x", "y", &[]).is_err());
    }
}
