//! Labscape turn image (see issue: the turn image).
